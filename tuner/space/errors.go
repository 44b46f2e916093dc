package space

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"tourney/engines/game"
)

// InputError is an error in a file or flag the user wrote: a TOML syntax
// error, an unknown key, a value out of range. Commands map it (and any
// error wrapping it, see errors.As) to exit status 2.
//
// Error() is "file:line:col: key: message"; unknown parts are left out,
// e.g. "space.toml:14:1: params.aspiration_width: min 50 is greater than
// max 10", "space.toml:3:9: expected a comma or ']'" or "--sprt: ...".
type InputError struct {
	File    string // the file as the user named it ("" when not from a file)
	Line    int    // 1-based; 0 when unknown
	Column  int    // 1-based, in characters; 0 when unknown
	Key     string // dotted key, e.g. "params.depth" or "scenario.maps"
	Message string
	Err     error // the underlying error, if any (Unwrap)
}

func (e *InputError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
			if e.Column > 0 {
				b.WriteString(":" + strconv.Itoa(e.Column))
			}
		}
	} else if e.Line > 0 {
		b.WriteString("line " + strconv.Itoa(e.Line))
	}
	if e.Key != "" {
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(e.Key)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

func (e *InputError) Unwrap() error { return e.Err }

// readInput reads a user file; a failure is an InputError naming the file.
func readInput(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		msg := err.Error()
		var pe *os.PathError
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		}
		return nil, &InputError{File: path, Message: "cannot read file: " + msg, Err: err}
	}
	return data, nil
}

// loadFile reads path and parses it (a space, a bot config).
func loadFile[T any](path string, parse func(string, []byte) (T, error)) (T, error) {
	data, err := readInput(path)
	if err != nil {
		var zero T
		return zero, err
	}
	return parse(path, data)
}

// decodeTOML parses data into a generic table and indexes the position of
// every key. Syntax errors become InputErrors at the error's position.
func decodeTOML(file string, data []byte) (map[string]any, *tomlDoc, error) {
	if err := checkTOMLLimits(file, data); err != nil {
		return nil, nil, err
	}
	src := string(data)
	var m map[string]any
	if _, err := toml.Decode(src, &m); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, col := pe.Position.Line, pe.Position.Col
			if st := pe.Position.Start; st >= 0 && st <= len(src) && strings.Count(src[:st], "\n")+1 == line {
				ls := strings.LastIndexByte(src[:st], '\n') + 1
				col = utf8.RuneCountInString(src[ls:st]) + 1
			}
			return nil, nil, &InputError{File: file, Line: line, Column: col, Message: pe.Message, Err: err}
		}
		return nil, nil, &InputError{File: file, Message: strings.TrimPrefix(err.Error(), "toml: "), Err: err}
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, &tomlDoc{file: file, pos: locateKeys(src)}, nil
}

// ---------------------------------------------------------------------------
// Key positions.
//
// BurntSushi/toml keeps the position of keys to itself (MetaData has no
// public position accessor in v1.6), so after a successful parse we scan
// the source once more and record where every key is written. The input is
// known to be valid TOML at that point, which keeps the scanner small.
//
// A key path is its segments joined by keySep; an element of an array of
// tables (or of an array value) adds an index segment idxSeg(i).

const keySep = "\x1f"

func idxSeg(i int) string { return "\x00" + strconv.Itoa(i) }

func keyPath(segs ...string) string { return strings.Join(segs, keySep) }

type srcPos struct{ Line, Col int }

// tomlDoc is the position index of one decoded file.
type tomlDoc struct {
	file string
	pos  map[string]srcPos
	bots map[string]extBot // [bots.NAME] tables (external.go)
	// recorded is a results directory's record of its external bots
	// (bots.json, LoadResults): they are not started to be read.
	recorded map[string]recordedBot
}

// at returns the position of the key path, or of its nearest ancestor
// that has one (the table header of a missing key).
func (d *tomlDoc) at(path []string) srcPos {
	for n := len(path); n > 0; n-- {
		if p, ok := d.pos[keyPath(path[:n]...)]; ok {
			return p
		}
	}
	return srcPos{}
}

// errAt builds an InputError positioned at path. The displayed key is the
// path without index segments, e.g. "scenario.budget.depth".
func (d *tomlDoc) errAt(path []string, msg string) *InputError {
	p := d.at(path)
	return &InputError{File: d.file, Line: p.Line, Column: p.Col, Key: displayKey(path), Message: msg}
}

func displayKey(path []string) string {
	var parts []string
	for _, s := range path {
		if strings.HasPrefix(s, "\x00") {
			continue
		}
		parts = append(parts, quoteKey(s))
	}
	return strings.Join(parts, ".")
}

// quoteKey writes a key bare when TOML allows it, quoted otherwise.
func quoteKey(k string) string {
	if k == "" {
		return `""`
	}
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return quoteString(k)
		}
	}
	return k
}

// quoteString writes a TOML basic string.
func quoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\u00`)
				b.WriteString(strconv.FormatInt(int64(r)>>4, 16))
				b.WriteString(strconv.FormatInt(int64(r)&15, 16))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

type keyScanner struct {
	s         string
	i         int
	line      int
	lineStart int
	out       map[string]srcPos
	arrays    map[string]int // array-of-tables path -> elements so far
}

// locateKeys returns the position of every key, table header and array
// element of a valid TOML document.
func locateKeys(src string) map[string]srcPos {
	sc := &keyScanner{s: src, line: 1, out: map[string]srcPos{}, arrays: map[string]int{}}
	sc.document()
	return sc.out
}

func (sc *keyScanner) here() srcPos {
	return srcPos{Line: sc.line, Col: utf8.RuneCountInString(sc.s[sc.lineStart:sc.i]) + 1}
}

func (sc *keyScanner) record(path []string, p srcPos) {
	k := keyPath(path...)
	if _, ok := sc.out[k]; !ok {
		sc.out[k] = p
	}
}

func (sc *keyScanner) peek(off int) byte {
	if sc.i+off < len(sc.s) {
		return sc.s[sc.i+off]
	}
	return 0
}

func (sc *keyScanner) newline() {
	sc.line++
	sc.lineStart = sc.i + 1
}

// skip passes blanks, and newlines and comments when nl is true.
func (sc *keyScanner) skip(nl bool) {
	for sc.i < len(sc.s) {
		switch c := sc.s[sc.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			sc.i++
		case c == '\n' && nl:
			sc.newline()
			sc.i++
		case c == '#' && nl:
			for sc.i < len(sc.s) && sc.s[sc.i] != '\n' {
				sc.i++
			}
		default:
			return
		}
	}
}

func (sc *keyScanner) document() {
	var table []string
	for {
		sc.skip(true)
		if sc.i >= len(sc.s) {
			return
		}
		start := sc.i
		p := sc.here()
		if sc.s[sc.i] == '[' {
			array := sc.peek(1) == '['
			if array {
				sc.i += 2
			} else {
				sc.i++
			}
			sc.skip(false)
			segs := sc.key()
			sc.skip(false)
			for sc.i < len(sc.s) && sc.s[sc.i] == ']' {
				sc.i++
			}
			table = sc.resolveHeader(segs, array)
			for n := 1; n <= len(table); n++ {
				sc.record(table[:n], p)
			}
		} else {
			sc.keyValue(table)
		}
		if sc.i == start { // cannot happen on valid input; never loop
			sc.i++
		}
	}
}

// resolveHeader maps a header's key to a path with the indexes of the
// arrays of tables it goes through.
func (sc *keyScanner) resolveHeader(segs []string, array bool) []string {
	var out []string
	for j, s := range segs {
		out = append(out, s)
		k := keyPath(out...)
		if j == len(segs)-1 && array {
			n := sc.arrays[k]
			sc.arrays[k] = n + 1
			out = append(out, idxSeg(n))
		} else if n, ok := sc.arrays[k]; ok {
			out = append(out, idxSeg(n-1))
		}
	}
	return out
}

func (sc *keyScanner) keyValue(table []string) {
	p := sc.here()
	segs := sc.key()
	path := append(append([]string(nil), table...), segs...)
	for n := len(table) + 1; n <= len(path); n++ {
		sc.record(path[:n], p)
	}
	sc.skip(false)
	if sc.peek(0) == '=' {
		sc.i++
	}
	sc.skip(false)
	sc.value(path)
}

// key reads a possibly dotted key.
func (sc *keyScanner) key() []string {
	var segs []string
	for sc.i < len(sc.s) {
		switch c := sc.s[sc.i]; c {
		case '"':
			segs = append(segs, sc.basicString(false))
		case '\'':
			segs = append(segs, sc.literalString(false))
		default:
			j := sc.i
			for sc.i < len(sc.s) && isBareKeyByte(sc.s[sc.i]) {
				sc.i++
			}
			segs = append(segs, sc.s[j:sc.i])
			if sc.i == j {
				return segs
			}
		}
		sc.skip(false)
		if sc.peek(0) != '.' {
			return segs
		}
		sc.i++
		sc.skip(false)
	}
	return segs
}

func isBareKeyByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func (sc *keyScanner) value(path []string) {
	switch sc.peek(0) {
	case '"':
		sc.basicString(true)
	case '\'':
		sc.literalString(true)
	case '[':
		sc.items(']', func(n int) {
			el := append(append([]string(nil), path...), idxSeg(n))
			sc.record(el, sc.here())
			sc.value(el)
		})
	case '{':
		sc.items('}', func(int) { sc.keyValue(path) })
	default: // number, boolean, date: up to a delimiter
		for sc.i < len(sc.s) {
			switch sc.s[sc.i] {
			case ',', ']', '}', '\n', '#':
				return
			}
			sc.i++
		}
	}
}

// items passes an array's or an inline table's items up to close, with
// item reading the n-th one (a comma after it is passed; an item that
// reads nothing passes one character, so that the scan moves on).
func (sc *keyScanner) items(close byte, item func(n int)) {
	sc.i++
	for n := 0; ; n++ {
		sc.skip(true)
		if sc.i >= len(sc.s) || sc.s[sc.i] == close {
			sc.i++
			return
		}
		start := sc.i
		item(n)
		sc.skip(true)
		if sc.peek(0) == ',' {
			sc.i++
		} else if sc.i == start {
			sc.i++
		}
	}
}

// skipMulti passes a multi-line string, from its three opening quotes q
// to the three closing ones (and up to two more q: they end the string's
// text); in a basic string (q '"') a backslash escapes the next character.
func (sc *keyScanner) skipMulti(q byte) {
	delim := strings.Repeat(string(q), 3)
	sc.i += 3
	for sc.i < len(sc.s) {
		switch c := sc.s[sc.i]; {
		case c == '\\' && q == '"':
			if sc.peek(1) == '\n' { // line-ending backslash
				sc.i++
				sc.newline()
				sc.i++
				continue
			}
			sc.i += 2
			continue
		case c == '\n':
			sc.newline()
		case c == q && strings.HasPrefix(sc.s[sc.i:], delim):
			sc.i += 3
			for k := 0; k < 2 && sc.peek(0) == q; k++ {
				sc.i++
			}
			return
		}
		sc.i++
	}
}

// basicString reads a "..." string (or """...""" when multi is allowed)
// and returns its value (keys only need the single-line form decoded).
func (sc *keyScanner) basicString(multi bool) string {
	if multi && strings.HasPrefix(sc.s[sc.i:], `"""`) {
		sc.skipMulti('"')
		return ""
	}
	sc.i++
	var b strings.Builder
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch c {
		case '"':
			sc.i++
			return b.String()
		case '\n':
			return b.String()
		case '\\':
			sc.i++
			e := sc.peek(0)
			sc.i++
			switch e {
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case 'e':
				b.WriteByte(0x1b)
			case 'x', 'u', 'U':
				n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
				if sc.i+n <= len(sc.s) {
					if v, err := strconv.ParseUint(sc.s[sc.i:sc.i+n], 16, 32); err == nil {
						b.WriteRune(rune(v))
					}
					sc.i += n
				}
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			sc.i++
		}
	}
	return b.String()
}

func (sc *keyScanner) literalString(multi bool) string {
	if multi && strings.HasPrefix(sc.s[sc.i:], `'''`) {
		sc.skipMulti('\'')
		return ""
	}
	sc.i++
	j := sc.i
	for sc.i < len(sc.s) && sc.s[sc.i] != '\'' && sc.s[sc.i] != '\n' {
		sc.i++
	}
	v := sc.s[j:sc.i]
	if sc.peek(0) == '\'' {
		sc.i++
	}
	return v
}

// ---------------------------------------------------------------------------
// Strict reading of decoded tables.

// tomlTable is one decoded table with the keys read so far. Every table of
// a file is checked with allow before use, so that an unknown key is an
// error at its position rather than a silent default.
type tomlTable struct {
	doc  *tomlDoc
	path []string
	m    map[string]any
}

func (t *tomlTable) sub(key string) []string {
	return append(append([]string(nil), t.path...), key)
}

// err is an error at key (the table itself when key is "").
func (t *tomlTable) err(key, format string, args ...any) *InputError {
	p := t.path
	if key != "" {
		p = t.sub(key)
	}
	return t.doc.errAt(p, fmt.Sprintf(format, args...))
}

// keys returns the table's keys in the order the file writes them.
func (t *tomlTable) keys() []string {
	ks := make([]string, 0, len(t.m))
	for k := range t.m {
		ks = append(ks, k)
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := t.doc.pos[keyPath(t.sub(ks[i])...)], t.doc.pos[keyPath(t.sub(ks[j])...)]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return ks[i] < ks[j]
	})
	return ks
}

// allow reports the first key (in file order) that is not one of known.
func (t *tomlTable) allow(known ...string) error {
	for _, k := range t.keys() {
		if !slices.Contains(known, k) {
			return t.err(k, "unknown key (known keys here: %s)", strings.Join(known, ", "))
		}
	}
	return nil
}

func (t *tomlTable) has(key string) bool { _, ok := t.m[key]; return ok }

// tomlGet is t's key as a T, def when absent (what names a T in the
// error: "expected what, found …").
func tomlGet[T any](t *tomlTable, key string, def T, what string) (T, error) {
	v, ok := t.m[key]
	if !ok {
		return def, nil
	}
	x, ok := v.(T)
	if !ok {
		var zero T
		return zero, t.err(key, "expected %s, found %s", what, describeTOML(v))
	}
	return x, nil
}

func (t *tomlTable) str(key, def string) (string, error) { return tomlGet(t, key, def, "a string") }

// within is integer with its range checked: lo ≤ n ≤ hi ("must be
// between lo and hi").
func (t *tomlTable) within(key string, def, lo, hi int64) (int64, error) {
	return t.inRange(key, def, lo, hi, fmt.Sprintf("must be between %d and %d", lo, hi))
}

// atLeast is integer with n ≥ lo checked ("must be at least lo"), and a
// sanity cap hi.
func (t *tomlTable) atLeast(key string, def, lo, hi int64) (int64, error) {
	return t.inRange(key, def, lo, hi, fmt.Sprintf("must be at least %d", lo))
}

// inRange is integer with lo ≤ n ≤ hi checked; want says what the key
// must be ("want, got n").
func (t *tomlTable) inRange(key string, def, lo, hi int64, want string) (int64, error) {
	n, err := t.integer(key, def)
	if err != nil {
		return 0, err
	}
	if n < lo || n > hi {
		return 0, t.err(key, "%s, got %d", want, n)
	}
	return n, nil
}

func (t *tomlTable) integer(key string, def int64) (int64, error) {
	return tomlGet(t, key, def, "an integer")
}

func (t *tomlTable) number(key string, def float64) (float64, error) {
	v, ok := t.m[key]
	if !ok {
		return def, nil
	}
	switch x := v.(type) {
	case int64:
		return float64(x), nil
	case float64:
		return x, nil
	}
	return 0, t.err(key, "expected a number, found %s", describeTOML(v))
}

func (t *tomlTable) boolean(key string, def bool) (bool, error) {
	return tomlGet(t, key, def, "true or false")
}

// table returns the sub-table at key (nil when absent).
func (t *tomlTable) table(key string) (*tomlTable, error) {
	v, ok := t.m[key]
	if !ok {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, t.err(key, "expected a table, found %s", describeTOML(v))
	}
	return &tomlTable{doc: t.doc, path: t.sub(key), m: m}, nil
}

// strList returns the array of strings at key (ok false when absent).
func (t *tomlTable) strList(key string) ([]string, bool, error) {
	v, ok := t.m[key]
	if !ok {
		return nil, false, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, true, t.err(key, "expected an array of strings, found %s", describeTOML(v))
	}
	out := make([]string, len(arr))
	for i, x := range arr {
		s, ok := x.(string)
		if !ok {
			return nil, true, t.doc.errAt(append(t.sub(key), idxSeg(i)), fmt.Sprintf("expected a string, found %s", describeTOML(x)))
		}
		out[i] = s
	}
	return out, true, nil
}

// describeTOML names a decoded value and its TOML type for messages.
func describeTOML(v any) string {
	switch x := v.(type) {
	case int64:
		return "the integer " + strconv.FormatInt(x, 10)
	case float64:
		return "the float " + game.FormatValue(x)
	case bool:
		return "the boolean " + strconv.FormatBool(x)
	case string:
		return "the string " + quoteString(x)
	case []any:
		return "an array"
	case []map[string]any:
		return "an array of tables"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}

// plainValue converts a decoded scalar to what game.Param.Check takes.
func plainValue(v any) (any, bool) {
	switch v.(type) {
	case int64, float64, bool, string:
		return v, true
	}
	return nil, false
}
