// Package lock owns the lock on a results directory: Dir takes an
// exclusive flock on DIR/.tourney.lock (FileName) so that two processes
// never write one directory (two `sweep --resume DIR`), and names the
// process that holds it.
//
// It imports the standard library only; the sweep, the cleanup command
// and the web server's list of runs import it.
package lock
