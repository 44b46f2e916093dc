package costs

// Hooks for the external tests (package costs_test), which run whole
// sweeps (package tuner) and compare their games with the calibration's.

// CalibrationJobs is calibrationJobs.
var CalibrationJobs = calibrationJobs
