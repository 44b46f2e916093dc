package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"tourney/tuner/study"

	"github.com/nats-io/nats.go/jetstream"
)

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// putFiles stores the space and the files it names in the object store
// by content hash and returns the announcement's file part.
func putFiles(ctx context.Context, obs jetstream.ObjectStore, sp *study.Study) (spaceRef fileRef, files []fileRef, depth int, err error) {
	put := func(data []byte) (string, error) {
		h := hashOf(data)
		if _, err := obs.GetInfo(ctx, h); err == nil {
			return h, nil
		}
		_, err := obs.PutBytes(ctx, h, data)
		return h, err
	}
	h, err := put(sp.Source)
	if err != nil {
		return spaceRef, nil, 0, err
	}
	spaceRef = fileRef{Name: filepath.Base(sp.Path), Hash: h}
	if spaceRef.Name == "." || spaceRef.Name == string(filepath.Separator) || spaceRef.Name == "" {
		spaceRef.Name = "space.toml"
	}
	seen := map[string]bool{}
	for _, f := range sp.Files {
		if filepath.IsAbs(f.Name) || seen[f.Name] {
			continue // an absolute path must exist on the worker as it is
		}
		seen[f.Name] = true
		data, err := os.ReadFile(f.Path)
		if err != nil {
			return spaceRef, nil, 0, err
		}
		h, err := put(data)
		if err != nil {
			return spaceRef, nil, 0, err
		}
		files = append(files, fileRef{Name: filepath.ToSlash(f.Name), Hash: h})
		depth = max(depth, climbs(f.Name))
	}
	// the files an external bot's command line names relative to its
	// directory (a script, a jar) travel too; its interpreter must be
	// installed on the worker
	spaceDir := filepath.Dir(sp.Path)
	for _, name := range slices.Sorted(maps.Keys(sp.ExternalBots())) {
		d := sp.ExternalBots()[name]
		for _, arg := range d.Cmd {
			if arg == "" || filepath.IsAbs(arg) || strings.Contains(arg, "{") {
				continue
			}
			p := filepath.Join(d.Dir, arg)
			st, err := os.Stat(p)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			rel, err := filepath.Rel(spaceDir, p)
			if err != nil || seen[rel] {
				continue
			}
			seen[rel] = true
			data, err := os.ReadFile(p)
			if err != nil {
				return spaceRef, nil, 0, err
			}
			h, err := put(data)
			if err != nil {
				return spaceRef, nil, 0, err
			}
			files = append(files, fileRef{Name: filepath.ToSlash(rel), Hash: h, Exec: st.Mode()&0o111 != 0})
			depth = max(depth, climbs(rel))
		}
	}
	return spaceRef, files, depth, nil
}

// climbs counts the leading ".." of a relative path.
func climbs(name string) int {
	n := 0
	for _, part := range strings.Split(filepath.ToSlash(filepath.Clean(name)), "/") {
		if part != ".." {
			break
		}
		n++
	}
	return n
}

// fetchSpace rebuilds the space's directory layout under cache (the
// space at cache/HASH/s/s.../NAME, deep enough for every "..") from the
// object store, reusing files already there, and loads it.
func fetchSpace(ctx context.Context, obs jetstream.ObjectStore, cache string, a *announce) (*study.Study, error) {
	root := filepath.Join(cache, a.Space.Hash[:16])
	dir := root
	for range a.Depth {
		dir = filepath.Join(dir, "s")
	}
	get := func(ref fileRef, path string) ([]byte, error) {
		if b, err := os.ReadFile(path); err == nil && hashOf(b) == ref.Hash {
			return b, nil
		}
		b, err := obs.GetBytes(ctx, ref.Hash)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ref.Name, err)
		}
		if hashOf(b) != ref.Hash {
			return nil, fmt.Errorf("%s: content does not match its hash", ref.Name)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		tmp := fmt.Sprintf("%s.tmp%d", path, os.Getpid())
		mode := os.FileMode(0o644)
		if ref.Exec {
			mode = 0o755
		}
		if err := os.WriteFile(tmp, b, mode); err != nil {
			return nil, err
		}
		return b, os.Rename(tmp, path)
	}
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if rel, err := filepath.Rel(root, p); err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("file %q climbs out of the space's directory", f.Name)
		}
		if _, err := get(f, p); err != nil {
			return nil, err
		}
	}
	name := filepath.Base(a.Space.Name)
	p := filepath.Join(dir, name)
	src, err := get(a.Space, p)
	if err != nil {
		return nil, err
	}
	return study.Parse(p, src)
}
