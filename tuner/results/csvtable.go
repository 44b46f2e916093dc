package results

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"tourney/tuner/space"
)

// Table is a CSV file of a results directory read by column name: its
// header and its complete rows with their line numbers. A last line cut
// short by an interruption (fewer cells than the header) is left out, so
// that the files of a killed run can be read.
type Table struct {
	Path  string
	Head  []string
	Rows  [][]string
	Lines []int // Lines[i] is the file line of Rows[i]
	cols  map[string]int
}

// ReadTable reads the CSV file at path.
func ReadTable(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, &space.InputError{File: path, Line: 1, Message: "empty (no header)"}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	t := &Table{Path: path, Head: head, cols: make(map[string]int, len(head))}
	for i, h := range head {
		t.cols[h] = i
	}
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if len(row) != len(head) {
			continue // a cut last line
		}
		line, _ := cr.FieldPos(0)
		t.Rows = append(t.Rows, row)
		t.Lines = append(t.Lines, line)
	}
	return t, nil
}

// Has reports whether the table has the column.
func (t *Table) Has(col string) bool { _, ok := t.cols[col]; return ok }

// Get is row's cell in the column ("" when the table has no such column).
func (t *Table) Get(row []string, col string) string {
	if i, ok := t.cols[col]; ok && i < len(row) {
		return row[i]
	}
	return ""
}
