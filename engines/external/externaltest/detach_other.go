//go:build !unix

package externaltest

import "errors"

func startDetached() error { return errors.New("no setsid here") }
