package space

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"tourney/engines/external"
	"tourney/engines/game"
)

// BotRecordFile is the file of a results directory that records what the
// sweep's external bots declared when it started (WriteBotRecord): their
// parameters (from the file or from their hello: names, kinds, defaults,
// ranges), the clock their hello said, and the directory their commands
// run in, resolved against the space file's directory. LoadResults reads
// it, so that report, serve, replay and confirm never start a bot to
// learn its parameters, and find its command wherever they run.
const BotRecordFile = "bots.json"

// botRecord is BotRecordFile.
type botRecord struct {
	Bots []recordedBot `json:"bots"`
}

// recordedBot is one external bot as the sweep saw it.
type recordedBot struct {
	Name        string          `json:"name"`
	Game        string          `json:"game"`
	Protocol    string          `json:"protocol"`
	Cmd         []string        `json:"cmd"`
	Dir         string          `json:"dir"` // absolute
	HelloParams bool            `json:"hello_params"`
	Clock       string          `json:"clock,omitempty"` // what its hello said ("nodes", "wall"); empty: not started
	Params      []recordedParam `json:"params"`
}

// recordedParam is a parameter as external.MakeParam takes it.
type recordedParam struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Default any      `json:"default"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Values  []string `json:"values,omitempty"`
	Doc     string   `json:"doc,omitempty"`
}

// WriteBotRecord writes dir/bots.json for the space's external bots
// (nothing when it has none): call it once they have said hello
// (tuner.PreflightBots), so that the record has their clock.
func WriteBotRecord(dir string, s *Space) error {
	if len(s.external) == 0 {
		return nil
	}
	var rec botRecord
	names := make([]string, 0, len(s.external))
	for n := range s.external {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		d := s.external[n].decl
		wd := d.Dir
		if wd == "" {
			wd = "."
		}
		abs, err := filepath.Abs(wd)
		if err != nil {
			return err
		}
		rb := recordedBot{Name: d.Name, Game: d.Game, Protocol: d.Protocol, Cmd: d.Cmd, Dir: abs, HelloParams: d.HelloParams, Clock: d.Clock(), Params: []recordedParam{}}
		for _, p := range d.Params {
			rp := recordedParam{Name: p.Name, Type: p.Kind.String(), Default: p.Default, Values: p.Choices, Doc: p.Doc}
			if p.Kind == game.Int || p.Kind == game.Float {
				lo, hi := p.Min, p.Max
				rp.Min, rp.Max = &lo, &hi
			}
			rb.Params = append(rb.Params, rp)
		}
		rec.Bots = append(rec.Bots, rb)
	}
	js, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, BotRecordFile+".tmp")
	if err := os.WriteFile(tmp, append(js, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, BotRecordFile))
}

// readBotRecord reads dir/bots.json (nil when there is none).
func readBotRecord(dir string) (map[string]recordedBot, error) {
	path := filepath.Join(dir, BotRecordFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var rec botRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, &InputError{File: path, Message: fmt.Sprintf("not a record of the bots: %v", err)}
	}
	out := map[string]recordedBot{}
	for _, b := range rec.Bots {
		out[b.Name] = b
	}
	return out, nil
}

// params are the recorded parameters, as the bot declared them.
func (b recordedBot) params() ([]game.Param, error) {
	var out []game.Param
	for _, rp := range b.Params {
		p, err := external.MakeParam(rp.Name, rp.Type, rp.Default, rp.Min, rp.Max, rp.Values)
		if err != nil {
			return nil, fmt.Errorf("bot %s: recorded parameter %s: %v", b.Name, rp.Name, err)
		}
		p.Doc = rp.Doc
		out = append(out, p)
	}
	return out, nil
}

// LoadResults loads the space of a results directory (its space.toml)
// with what its sweep recorded of its external bots (bots.json,
// WriteBotRecord): their directory as resolved when the sweep started,
// and the parameters a params = "hello" bot declared, so that no bot is
// started to read the space. A directory without a record (a sweep of no
// external bot, or of an older version) loads as space.Load does.
func LoadResults(dir string) (*Space, error) {
	return LoadRecorded(filepath.Join(dir, "space.toml"))
}

// LoadRecorded is LoadResults of the space file path, with the record of
// its directory.
func LoadRecorded(path string) (*Space, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	rec, err := readBotRecord(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	return parse(path, data, rec)
}

// HasHelloBot reports whether one of helloBots, the bots of a results
// directory's space whose parameters come from their hello, is missing
// from the directory's record (bots.json): loading the space would start
// it.
func HasHelloBot(dir string, helloBots []string) bool {
	rec, err := readBotRecord(dir)
	if err != nil {
		return true
	}
	for _, n := range helloBots {
		if _, ok := rec[n]; !ok {
			return true
		}
	}
	return false
}
