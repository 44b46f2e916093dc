package main

import (
	"errors"
	"runtime"
	"tourney/tuner/space"
)

// isInputError reports errors caused by the user's input (exit status 2).
func isInputError(err error) bool {
	var ue *usageError
	var ie *space.InputError
	return errors.As(err, &ue) || errors.As(err, &ie)
}

func defaultWorkers() int { return runtime.NumCPU() }
