package tuner

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The house in doc.go stays true: every package under tuner/ (but the
// tests' helpers) is listed, every listed one exists, and a package
// imports only packages listed below it.
func TestHouseDocIsTheLayout(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	entry := regexp.MustCompile(`^//\t\s*(cmd/tourney|tuner(?:/[a-z]+)?|arena|engines/\.\.\.)\s`)
	var order []string
	for _, line := range strings.Split(string(doc), "\n") {
		if m := entry.FindStringSubmatch(line); m != nil {
			order = append(order, m[1])
		}
	}
	if len(order) < 10 {
		t.Fatalf("doc.go lists %d packages: %v", len(order), order)
	}
	rank := func(imp string) int {
		p := strings.TrimPrefix(imp, "tourney/")
		if strings.HasPrefix(p, "engines/") {
			p = "engines/..."
		}
		return slices.Index(order, p)
	}
	// the packages under tuner/ and their tourney imports (non-test files)
	pkgs := map[string]map[string]bool{}
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "internal" || d.Name() == "testdata" || d.Name() == "clustertest") {
			return filepath.SkipDir // the tests' helpers
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Join("tuner", filepath.Dir(path)))
		if pkgs[pkg] == nil {
			pkgs[pkg] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(p, "tourney/") && !strings.HasPrefix(p, "tourney/internal/") {
				pkgs[pkg][p] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, imps := range pkgs {
		r := slices.Index(order, pkg)
		if r < 0 {
			t.Errorf("%s is not in doc.go's house", pkg)
			continue
		}
		for imp := range imps {
			if ri := rank(imp); ri <= r {
				t.Errorf("%s imports %s, which doc.go's house lists above it", pkg, imp)
			}
		}
	}
	for _, p := range order {
		if strings.HasPrefix(p, "tuner") && pkgs[p] == nil {
			t.Errorf("doc.go's house lists %s, which has no code", p)
		}
	}
}
