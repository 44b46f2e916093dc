// Package replay owns playing a results directory's games again: Record
// plays them from space.toml and games.csv (seed, seats, scenario, map;
// the space gives bots, parameters, budget, node rates and opening) with
// move records on, checks each against games.csv and writes
// games.jsonl.gz (tuner/records); Game plays one game again and
// compares it move for move with its record (tourney replay).
//
// It imports the results package (games.csv read back, the game jobs),
// the node rates (tuner/costs), the records, the study and the arena;
// the commands import it.
package replay
