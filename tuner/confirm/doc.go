// Package confirm owns the checks of a sweep's winner on fresh seeds:
// Winner plays it against the defaults under a GSPRT (confirm = true at
// the end of a sweep, and tourney confirm through Dir, which updates the
// verdict of the directory's summary.json; with WallClock a clock in
// nodes is played on the wall clock: the transfer check), and Against
// plays the winner and the defaults on the same deals against a bot of
// the field (tourney confirm --against; summary.json's field_checks).
//
// It imports the match (tuner/match), the results' Confirmation,
// FieldCheck and Summary (tuner/results), the node rates (tuner/costs),
// the study (tuner/study) and the arena; the sweep loop and the commands import it.
package confirm
