package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/internal/suggest"
	"github.com/kiln-gpu/kiln/ir"
)

// commandLine is one subcommand's command line: flags declared on a
// standard flag.FlagSet, read by one MLIR-style parser (-name, --name,
// --name=value or --name value, flags and operands in any order) and
// described by one help style. Every subcommand uses it.
type commandLine struct {
	fs *flag.FlagSet
	// usage is the synopsis after "usage: ", e.g. "kiln run FILE.mlir|- [flags]".
	usage string
	// about is the paragraph under the synopsis.
	about string
	// more, when set, writes what the help adds after the flags (kiln opt's
	// pass list).
	more func(w io.Writer)
	// other handles a flag fs does not declare (kiln opt: a pass name). It
	// reports whether it took the flag.
	other func(name, value string, hasValue bool) (bool, error)
	// candidates, when set, adds names to the suggestions for a mistyped flag.
	candidates func() []string
	// refused are MLIR flags the command knows and does not take, with the
	// reason their usage error gives.
	refused []refusedFlags
}

// refusedFlags are MLIR flags refused for one reason.
type refusedFlags struct {
	names []string
	why   string
}

func newCommandLine(name, usage, about string) *commandLine {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &commandLine{fs: fs, usage: usage, about: about}
}

// parse reads args. It returns the operands, and an exit status >= 0 when
// the command line ends the command: 0 after printing the help to stdout
// (-h, --help), 2 after a usage error on stderr.
func (c *commandLine) parse(args []string, stdout, stderr io.Writer) (operands []string, code int) {
	if err := c.walk(args, &operands); err != nil {
		if err == flag.ErrHelp {
			c.help(stdout)
			return nil, 0
		}
		return nil, c.usageError(stderr, err.Error())
	}
	return operands, -1
}

func (c *commandLine) walk(args []string, operands *[]string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			*operands = append(*operands, args[i+1:]...)
			return nil
		}
		if a == "-" || !strings.HasPrefix(a, "-") {
			*operands = append(*operands, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "h" || name == "help" {
			return flag.ErrHelp
		}
		for _, r := range c.refused {
			if slices.Contains(r.names, name) {
				return fmt.Errorf("--%s is not supported: %s", name, r.why)
			}
		}
		f := c.fs.Lookup(name)
		if f == nil {
			if c.other != nil {
				took, err := c.other(name, value, hasValue)
				if err != nil {
					return err
				}
				if took {
					continue
				}
			}
			return fmt.Errorf("unknown flag --%s%s", name, c.suggest(name))
		}
		if iv, ok := f.Value.(interface{ ImplicitValue() string }); ok && !hasValue {
			value = iv.ImplicitValue()
		} else if !hasValue {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				value = "true"
			} else if i+1 < len(args) {
				i++
				value = args[i]
			} else {
				return fmt.Errorf("--%s needs a value", name)
			}
		}
		if err := f.Value.Set(value); err != nil {
			if err.Error() == "parse error" { // the flag package's word for a malformed bool, int or duration
				kind, _ := flag.UnquoteUsage(f)
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
					kind = "boolean (true or false)"
				}
				return fmt.Errorf("invalid value %q for --%s: want a %s", value, name, kind)
			}
			return fmt.Errorf("invalid value %q for --%s: %v", value, name, err)
		}
	}
	return nil
}

// inputFlag declares --max-input-size, the limit of the command's input
// reader, and returns the reader.
func (c *commandLine) inputFlag() *input {
	in := newInput()
	c.fs.Var(&in.limit, "max-input-size", "read inputs up to `SIZE` bytes (K, M, G suffixes)")
	return in
}

// refuseDebugFlags makes LLVM's --debug and --debug-only usage errors.
// They exist only in an LLVM built with assertions, whose debug output
// Kiln does not have; a release mlir-opt refuses them as unknown. Taking
// them silently would promise output that never comes, so the error says
// why and what to use instead (instead: "" when nothing does).
func (c *commandLine) refuseDebugFlags(instead string) {
	why := "Kiln has no LLVM debug output (MLIR tools have it only when LLVM is built with assertions; lit tests using it say REQUIRES: asserts)"
	if instead != "" {
		why += "; " + instead
	}
	c.refused = append(c.refused, refusedFlags{[]string{"debug", "debug-only"}, why})
}

// printFlags declares mlir-opt's printer flags, which set o.
func (c *commandLine) printFlags(o *ir.PrintOptions) {
	fs := c.fs
	fs.BoolVar(&o.Generic, "mlir-print-op-generic", false, "print every op in the generic form")
	fs.BoolVar(&o.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	fs.BoolVar(&o.PrettyDebugInfo, "mlir-pretty-debuginfo", false, "print the locations of --mlir-print-debuginfo in a readable form (file:line:col), which does not parse back")
	fs.BoolVar(&o.LocalScope, "mlir-print-local-scope", false, "print locations and attributes in place, without aliases")
	fs.BoolVar(&o.SkipRegions, "mlir-print-skip-regions", false, "print each region as {...}")
	fs.BoolVar(&o.ValueUsers, "mlir-print-value-users", false, "comment each op and block argument with the users of its values")
	fs.BoolVar(&o.UniqueSSAIDs, "mlir-print-unique-ssa-ids", false, "number values, block arguments and name conflicts across all regions, as the generic form does")
	fs.BoolVar(&o.NameLocPrefix, "mlir-use-nameloc-as-prefix", false, "name values after the name location (loc(\"name\")) in their location")
	fs.Func("mlir-elide-resource-strings-if-larger", "leave out the resources whose value prints longer than `N` characters", func(v string) error {
		n, err := strconv.ParseUint(v, 10, 31)
		if err != nil {
			return errors.New("want a number of characters")
		}
		o.ElideResources, o.ResourceLimit = true, int(n)
		return nil
	})
	fs.Func("mlir-elide-elementsattrs-if-larger", "print dense data of more than `N` elements as dense_resource<__elided__>", func(v string) error {
		n, err := strconv.ParseUint(v, 10, 31)
		if err != nil {
			return errors.New("want a number of elements")
		}
		o.ElideElements, o.ElementsLimit = true, int(n)
		return nil
	})
	fs.Func("mlir-print-elementsattrs-with-hex-if-larger", "print numeric dense data of more than `N` elements as hex (-1: never; default 100)", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n < -1 {
			return errors.New("want a number of elements, or -1")
		}
		o.HexElements, o.HexLimit = true, int(n)
		return nil
	})
}

// optionalValue is a flag whose value may be left out, as llvm::cl's
// ValueOptional: --split-input-file splits at the default marker,
// --split-input-file=MARKER at MARKER.
type optionalValue struct {
	value    *string
	implicit string
	check    func(string) error // nil accepts any value
}

func (o optionalValue) String() string {
	if o.value == nil {
		return ""
	}
	return *o.value
}

func (o optionalValue) Set(v string) error {
	if o.check != nil {
		if err := o.check(v); err != nil {
			return err
		}
	}
	*o.value = v
	return nil
}

// ImplicitValue is the value of the flag given without one.
func (o optionalValue) ImplicitValue() string { return o.implicit }

// diagnosticOptions are the flags of diagnosticFlags.
type diagnosticOptions struct {
	splitInput        string // marker, "" for none
	verifyDiagnostics string // "", all or only-expected
	printOpOnDiag     bool
	printStackOnDiag  bool
}

// diagnosticFlags declares the MLIR context's and tools' diagnostic flags
// shared by kiln opt and kiln translate: --split-input-file[=MARKER],
// --verify-diagnostics[=all|only-expected], --mlir-print-op-on-diagnostic.
func (c *commandLine) diagnosticFlags(d *diagnosticOptions) {
	fs := c.fs
	fs.Var(optionalValue{&d.splitInput, ir.SplitMarker, nil}, "split-input-file",
		"process each chunk between `MARKER`s separately; without =MARKER, at '"+ir.SplitMarker+"'")
	fs.Var(optionalValue{&d.verifyDiagnostics, "all", func(v string) error {
		if v != "" && v != "all" && v != "only-expected" {
			return unknownEnumValue(v)
		}
		return nil
	}}, "verify-diagnostics", "check diagnostics against expected-* comments; `LEVEL` all (without =LEVEL too) or only-expected, which leaves unexpected diagnostics unreported")
	fs.BoolVar(&d.printOpOnDiag, "mlir-print-op-on-diagnostic", true, "attach the op, in the generic form for an error, to the errors and warnings about it (off under --verify-diagnostics)")
	fs.BoolVar(&d.printStackOnDiag, "mlir-print-stacktrace-on-diagnostic", false, "attach to each diagnostic a note with the Go stack of the Kiln code that reported it")
}

// unknownEnumValue is the error for a value v that an enum flag lacks, in
// llvm::cl's wording, as mlir-opt.
func unknownEnumValue(v string) error { return fmt.Errorf("Cannot find option named '%s'!", v) }

// usageError reports a command line that parsed but is wrong, and returns 2.
func (c *commandLine) usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "%s: %s\nrun '%s --help' for usage\n", c.fs.Name(), msg, c.fs.Name())
	return 2
}

// oneInput returns the one input file among operands, "-" (stdin) when
// there is none; code is 2 after a usage error.
func oneInput(operands []string, cmd string, stderr io.Writer) (input string, code int) {
	switch len(operands) {
	case 0:
		return "-", -1
	case 1:
		return operands[0], -1
	}
	fmt.Fprintf(stderr, "%s: more than one input file: %q\n", cmd, operands[1])
	return "", 2
}

// suggest returns " (did you mean --x?)" for the declared flag or
// candidate closest to a mistyped name, or "".
func (c *commandLine) suggest(name string) string {
	var names []string
	c.fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if c.candidates != nil {
		names = append(names, c.candidates()...)
	}
	if best := suggest.Closest(name, names); best != "" {
		return fmt.Sprintf(" (did you mean --%s?)", best)
	}
	return ""
}

// help writes the synopsis, the paragraph, every flag with its default,
// and what more adds.
func (c *commandLine) help(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", c.usage)
	if c.about != "" {
		fmt.Fprintf(w, "\n%s\n", c.about)
	}
	var rows [][2]string
	c.fs.VisitAll(func(f *flag.Flag) {
		placeholder, text := flag.UnquoteUsage(f)
		left, sep := "--"+f.Name, "="
		if len(f.Name) == 1 {
			left, sep = "-"+f.Name, " "
		}
		if placeholder != "" {
			left += sep + strings.ToUpper(placeholder)
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		rows = append(rows, [2]string{left, text})
	})
	if len(rows) > 0 {
		fmt.Fprintln(w, "\nflags:")
		writeRows(w, rows)
	}
	if len(c.refused) > 0 {
		fmt.Fprintln(w, "\nMLIR flags not supported:")
		rows = nil
		for _, r := range c.refused {
			rows = append(rows, [2]string{"--" + strings.Join(r.names, ", --"), r.why})
		}
		writeRows(w, rows)
	}
	if c.more != nil {
		c.more(w)
	}
}

// writeRows writes two columns, the second aligned, wrapping a long first
// column onto its own line.
func writeRows(w io.Writer, rows [][2]string) {
	const col = 30
	for _, r := range rows {
		if len(r[0]) > col-3 {
			fmt.Fprintf(w, "  %s\n  %-*s%s\n", r[0], col-2, "", r[1])
			continue
		}
		fmt.Fprintf(w, "  %-*s%s\n", col-2, r[0], r[1])
	}
}
