package space

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestInputErrorFormat(t *testing.T) {
	inner := errors.New("inner")
	cases := []struct {
		e    InputError
		want string
	}{
		{InputError{File: "space.toml", Line: 14, Column: 1, Key: "params.aspiration_width", Message: "min 50 is greater than max 10"},
			"space.toml:14:1: params.aspiration_width: min 50 is greater than max 10"},
		{InputError{File: "space.toml", Line: 3, Message: "bad"}, "space.toml:3: bad"},
		{InputError{File: "space.toml", Column: 3, Key: "k", Message: "bad"}, "space.toml: k: bad"},
		{InputError{File: "a.toml", Key: "game", Message: "missing"}, "a.toml: game: missing"},
		{InputError{Key: "--sprt", Message: "bad"}, "--sprt: bad"},
		{InputError{Message: "just this"}, "just this"},
		{InputError{Line: 2, Message: "m"}, "line 2: m"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	e := &InputError{File: "f", Message: "m", Err: inner}
	wrapped := fmt.Errorf("loading: %w", e)
	var ie *InputError
	if !errors.As(wrapped, &ie) || ie != e || !errors.Is(wrapped, inner) {
		t.Error("errors.As / errors.Is through wrapping")
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	_, err := Parse("s.toml", []byte("name = \"x\"\n[[scenario]]\ngame = \"fake\"\nmaps = [\"a\" \"b\"]\n"))
	var ie *InputError
	if !errors.As(err, &ie) || ie.File != "s.toml" || ie.Line != 4 || ie.Column < 1 || ie.Key != "" {
		t.Fatalf("got %#v", err)
	}
	if !strings.HasPrefix(err.Error(), fmt.Sprintf("s.toml:4:%d: ", ie.Column)) || strings.Contains(err.Error(), "\n") {
		t.Errorf("got %q", err)
	}
	// A duplicate key is a TOML error too.
	_, err = Parse("s.toml", []byte("seed = 1\nseed = 2\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "s.toml:2:") {
		t.Errorf("duplicate key: %v", err)
	}
}

func TestLocateKeys(t *testing.T) {
	src := `# [not.a.table] = 1
a = "x = [ # ]"        # comment [b]
"quoted key" = 'lit # ='
dotted.inner . deep = 1
multi = """
[fake]
k = 1
"""
after = 2
arr = [ [1, 2], { x = 1, y = { z = 3 } },
  { w = 4 } ]
lit = '''
[[also.fake]]
'''

[t]
k = 1
[[aot]]
v = 1
[aot.sub]
s = 1
[[aot]]
v = 2   # second element
[[aot.kids]]
n = 1
[[aot.kids]]
n = 2
"tab\tkey" = { "é" = 1 }
`
	pos := locateKeys(src)
	want := map[string]srcPos{
		keyPath("a"):                                      {2, 1},
		keyPath("quoted key"):                             {3, 1},
		keyPath("dotted"):                                 {4, 1},
		keyPath("dotted", "inner", "deep"):                {4, 1},
		keyPath("multi"):                                  {5, 1},
		keyPath("after"):                                  {9, 1},
		keyPath("arr", idxSeg(1), "y", "z"):               {10, 32},
		keyPath("arr", idxSeg(2), "w"):                    {11, 5},
		keyPath("t"):                                      {16, 1},
		keyPath("t", "k"):                                 {17, 1},
		keyPath("aot", idxSeg(0), "v"):                    {19, 1},
		keyPath("aot", idxSeg(0), "sub", "s"):             {21, 1},
		keyPath("aot", idxSeg(1)):                         {22, 1},
		keyPath("aot", idxSeg(1), "v"):                    {23, 1},
		keyPath("aot", idxSeg(1), "kids", idxSeg(1), "n"): {27, 1},
		keyPath("aot", idxSeg(1), "kids", idxSeg(1), "tab\tkey", "é"): {28, 16},
	}
	for k, w := range want {
		if got, ok := pos[k]; !ok || got != w {
			t.Errorf("%q: got %v (%v), want %v", displayKey(strings.Split(k, keySep)), got, ok, w)
		}
	}
	for _, bad := range []string{keyPath("fake"), keyPath("fake", "k"), keyPath("b"), keyPath("not")} {
		if _, ok := pos[bad]; ok {
			t.Errorf("key %q found inside a string or comment", bad)
		}
	}
	// The index is for a valid document; it must also parse as one.
	if _, _, err := decodeTOML("x.toml", []byte(src)); err != nil {
		t.Fatal(err)
	}
}

func TestDisplayKey(t *testing.T) {
	if got := displayKey([]string{"scenario", idxSeg(2), "budget", "odd key"}); got != `scenario.budget."odd key"` {
		t.Errorf("got %s", got)
	}
}
