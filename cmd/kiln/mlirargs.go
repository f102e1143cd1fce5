package main

import (
	"fmt"
	"strings"
)

// mlirFlag is one flag of an MLIR-style command line: -name, --name or
// --name=value. Value returns the flag's value, taking the next argument
// when it was not given with '='.
type mlirFlag struct {
	Name     string
	value    string
	hasValue bool
	next     func() (string, bool)
}

// Value returns the flag's value ("--o=x", or "-o x").
func (f mlirFlag) Value() (string, error) {
	if f.hasValue {
		return f.value, nil
	}
	if v, ok := f.next(); ok {
		return v, nil
	}
	return "", fmt.Errorf("-%s needs a value", f.Name)
}

// Bool sets dst from a boolean flag: bare means true, or =true/1, =false/0.
func (f mlirFlag) Bool(dst *bool) error {
	if !f.hasValue {
		*dst = true
		return nil
	}
	switch f.value {
	case "true", "1":
		*dst = true
	case "false", "0":
		*dst = false
	default:
		return fmt.Errorf("invalid boolean value %q for --%s", f.value, f.Name)
	}
	return nil
}

// parseMLIRArgs walks a command line of one input file (default "-") and
// MLIR-style flags, in any order, calling handle for each flag.
func parseMLIRArgs(args []string, handle func(mlirFlag) error) (input string, err error) {
	input = "-"
	inputSet := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			if inputSet {
				return "", fmt.Errorf("more than one input file: %q", a)
			}
			input, inputSet = a, true
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		next := func() (string, bool) {
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i], true
		}
		if err := handle(mlirFlag{Name: name, value: value, hasValue: hasValue, next: next}); err != nil {
			return "", err
		}
	}
	return input, nil
}
