package space

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A scenario's maps may name a folder of map files or a glob pattern: the
// files, sorted, named as the entry writes them; hidden files and *.md
// are left out of a folder; an entry that stands for no file, or a file
// that does not load, is an error at the entry's line.
func TestMapsFolderAndGlob(t *testing.T) {
	dir := t.TempDir()
	mk := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// created out of order: the list must not follow the file system
	mk("mymaps/c.map", "players 3\n")
	mk("mymaps/a.map", "players 4\n")
	mk("mymaps/b.txt", "players 2\n")
	mk("mymaps/README.md", "# my maps\n")
	mk("mymaps/.hidden", "junk\n")
	mk("mymaps/sub/d.map", "players 5\n")
	mk("empty/.keep", "")
	mk("bad/x.map", "junk\n")
	mk("odd/a[1].map", "players 6\n")
	load := func(maps string) (*Space, error) {
		src := "[[scenario]]\ngame = \"fake\"\nmaps = " + maps + "\n[params]\ndepth = { values = [1, 2] }\n"
		p := filepath.Join(dir, "space.toml")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return Load(p)
	}
	for _, c := range []struct {
		maps    string
		want    []string
		players []int
	}{
		{`["mymaps/"]`, []string{"mymaps/a.map", "mymaps/b.txt", "mymaps/c.map"}, []int{4, 2, 3}},
		{`["mymaps"]`, []string{"mymaps/a.map", "mymaps/b.txt", "mymaps/c.map"}, []int{4, 2, 3}},
		{`["mymaps/*.map", "big"]`, []string{"mymaps/a.map", "mymaps/c.map", "big"}, nil},
		{`["mymaps/*/*.map"]`, []string{"mymaps/sub/d.map"}, []int{5}},
		{`["odd/a[1].map"]`, []string{"odd/a[1].map"}, []int{6}},
		{`["` + filepath.ToSlash(filepath.Join(dir, "mymaps")) + `/[ab]*"]`, []string{filepath.ToSlash(filepath.Join(dir, "mymaps", "a.map")), filepath.ToSlash(filepath.Join(dir, "mymaps", "b.txt"))}, nil},
	} {
		s, err := load(c.maps)
		if err != nil {
			t.Fatalf("%s: %v", c.maps, err)
		}
		sc := s.Scenarios[0]
		if !reflect.DeepEqual(sc.MapNames, c.want) {
			t.Errorf("%s: maps %v, want %v", c.maps, sc.MapNames, c.want)
		}
		for i, n := range c.players {
			if sc.Maps[i].Players() != n {
				t.Errorf("%s: map %d has %d players, want %d", c.maps, i, sc.Maps[i].Players(), n)
			}
		}
		var files []string
		for _, f := range s.Files {
			files = append(files, f.Name)
		}
		for _, n := range sc.MapNames {
			if n != "big" && !strings.HasPrefix(n, "/") && !strings.Contains(strings.Join(files, " "), n) {
				t.Errorf("%s: %s is not among the space's files %v (a cluster worker would miss it)", c.maps, n, files)
			}
		}
	}
	for _, c := range []struct{ maps, want, also string }{
		{`["big", "empty/"]`, `space.toml:3:16: scenario.maps: directory "empty/" holds no map file`, ""},
		{`["nothing/*.map"]`, `space.toml:3:9: scenario.maps: pattern "nothing/*.map" matches no map file`, ""},
		{`["bad/"]`, "space.toml:3:9: scenario.maps: ", "bad/x.map:1: expected"},
	} {
		_, err := load(c.maps)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.also) {
			t.Errorf("%s: error %v, want %q", c.maps, err, c.want)
		}
	}
}
