// Package clustertest is the harness of the cluster's tests, in
// tuner/cluster and in the command's (cmd/tourney, which runs real
// coordinator and worker processes): the test space with the files that
// must travel to the workers, the files a cluster run writes byte for
// byte as a local run does, and a buffer safe for concurrent writers.
// It imports the standard library only; only tests import it.
package clustertest
