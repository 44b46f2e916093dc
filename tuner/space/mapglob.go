package space

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"tourney/engines/game"
)

// expandMapName turns one entry of a scenario's maps into the map names
// it stands for. A directory ("mymaps/", relative to the space's file or,
// failing that, to the working directory) stands for every file in it,
// not in subdirectories, except hidden files and *.md (a folder of course
// maps with its README); a glob pattern ("mymaps/*.map", path.Match
// syntax) for every file it matches. Both are sorted by name, so the
// list, and with it every game's seed, does not depend on the file
// system's order; the names keep the entry's form ("mymaps/a.map"), so
// the results and a cluster's workers name the same files. Any other
// name (a built-in map, a file, a generator name such as Tourality's
// gen:101) passes through as it is.
func expandMapName(g game.Game, dir, name string) ([]string, error) {
	if name == "" || slices.Contains(g.Maps(), name) {
		return []string{name}, nil
	}
	base := dir
	if filepath.IsAbs(name) {
		base = ""
	}
	// a file whose name holds a pattern character is that file
	glob := strings.ContainsAny(name, "*?[") && !fileExists(filepath.Join(base, name)) && !fileExists(name)
	if !glob {
		var d string
		switch {
		case isDir(filepath.Join(base, name)):
			d = filepath.Join(base, name)
		case base != "" && isDir(name): // relative to the working directory
			d = name
		default:
			return []string{name}, nil
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, e := range ents {
			n := e.Name()
			if strings.HasPrefix(n, ".") || strings.HasSuffix(strings.ToLower(n), ".md") || !e.Type().IsRegular() {
				continue
			}
			out = append(out, path.Join(filepath.ToSlash(name), n))
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("directory %q holds no map file", name)
		}
		return out, nil // ReadDir sorts by name
	}
	matches, err := filepath.Glob(filepath.Join(base, name))
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %v", name, err)
	}
	if len(matches) == 0 && base != "" {
		base = ""
		matches, _ = filepath.Glob(name)
	}
	var out []string
	for _, m := range matches {
		if st, err := os.Stat(m); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if base != "" {
			if m, err = filepath.Rel(base, m); err != nil {
				return nil, err
			}
		}
		out = append(out, filepath.ToSlash(m))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pattern %q matches no map file", name)
	}
	slices.Sort(out)
	return out, nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
