package space

import "fmt"

// Limits of a TOML input (a space, a bot config), checked before it is
// decoded: the decoder builds a nested table per level, and a file of a
// hundred thousand nested arrays took gigabytes before it failed.
const (
	// MaxTOMLBytes bounds the size of a space or bot config file.
	MaxTOMLBytes = 4 << 20
	// MaxTOMLDepth bounds the nesting of arrays and inline tables, and
	// the parts of a dotted key or table header.
	MaxTOMLDepth = 32
)

// checkTOMLLimits scans src for its size and nesting (outside strings
// and comments) and returns an InputError at the first excess.
func checkTOMLLimits(file string, src []byte) error {
	if len(src) > MaxTOMLBytes {
		return &InputError{File: file, Message: fmt.Sprintf("the file has %d bytes; a space or bot config may have at most %d (4 MiB)", len(src), MaxTOMLBytes)}
	}
	line, depth, dots := 1, 0, 0
	key := true // in the key part of a line (before '='), of a header, or of an inline table's entry
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			if depth == 0 {
				key, dots = true, 0
			}
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '"' || c == '\'':
			triple := i+2 < len(src) && src[i+1] == c && src[i+2] == c
			if triple {
				i += 3
				for i < len(src) && !(i+2 < len(src) && src[i] == c && src[i+1] == c && src[i+2] == c) {
					if src[i] == '\\' && c == '"' {
						i++
					} else if src[i] == '\n' {
						line++
					}
					i++
				}
				i += 2
			} else {
				i++
				for i < len(src) && src[i] != c && src[i] != '\n' {
					if src[i] == '\\' && c == '"' {
						i++
					}
					i++
				}
			}
		case c == '[' || c == '{':
			if c == '[' && lineStart && depth == 0 {
				key, dots = true, 0 // a table header
			}
			if c == '{' {
				key, dots = true, 0
			}
			depth++
			if depth > MaxTOMLDepth {
				return &InputError{File: file, Line: line, Message: fmt.Sprintf("arrays and tables nested more than %d deep", MaxTOMLDepth)}
			}
		case c == ']' || c == '}':
			depth--
		case c == ',':
			key, dots = depth > 0 && key, 0
		case c == '=':
			key = false
		case c == '.' && key:
			dots++
			if dots >= MaxTOMLDepth {
				return &InputError{File: file, Line: line, Message: fmt.Sprintf("a dotted key or table name of more than %d parts", MaxTOMLDepth)}
			}
		}
		if c != ' ' && c != '\t' && c != '\r' {
			lineStart = false
		}
	}
	return nil
}
