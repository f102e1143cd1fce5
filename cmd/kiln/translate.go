package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// translateOptions are the flags of `kiln translate`, with mlir-translate's names.
type translateOptions struct {
	diagnosticOptions
	// steps are the translations in command-line order; each takes what
	// the one before it gives (mlir-translate chains them the same way).
	steps              []string
	input, output      string
	noImplicitModule   bool
	outputSplitMarker  string
	verifyAvailability bool
	emitDebugInfo      bool
	validationPrefix   string
	print              ir.PrintOptions
	in                 *input
}

// The translations: what each takes and gives (true: text, false: binary).
var translations = map[string]struct {
	in, out bool
	help    string
}{
	"serialize-spirv":            {true, false, "spirv.module text -> SPIR-V binary"},
	"deserialize-spirv":          {false, true, "SPIR-V binary -> spirv.module text"},
	"test-spirv-roundtrip":       {true, true, "spirv.module text -> binary -> text"},
	"test-spirv-roundtrip-debug": {true, true, "the same with OpLine debug information"},
}

// translateCommandLine declares kiln translate's flags on o; the modes are
// flags too, kept in command-line order.
func translateCommandLine(o *translateOptions) *commandLine {
	c := newCommandLine("kiln translate", "kiln translate MODE... [FILE|-] [flags]",
		"Translates between the spirv dialect and SPIR-V binaries (like mlir-translate).\n"+
			"Several modes run one after the other (--serialize-spirv --deserialize-spirv).")
	fs := c.fs
	for name, t := range translations {
		fs.Var(translateStep{o, name}, name, "mode: "+t.help)
	}
	fs.StringVar(&o.output, "o", "-", "write output to `FILE` (- for stdout)")
	fs.BoolVar(&o.noImplicitModule, "no-implicit-module", false, "the input is one op (no builtin.module is implied around several), the output not wrapped in one")
	c.diagnosticFlags(&o.diagnosticOptions)
	fs.StringVar(&o.outputSplitMarker, "output-split-marker", "", "write `MARKER` and a newline between the outputs of the chunks of --split-input-file")
	fs.BoolVar(&o.verifyAvailability, "verify-availability", false, "an op the module's vce triple does not allow is an error")
	fs.BoolVar(&o.emitDebugInfo, "spirv-emit-debug-info", false, "write OpLine instructions for the ops' locations")
	fs.StringVar(&o.validationPrefix, "spirv-save-validation-files-with-prefix", "", "also write each serialized module to `PREFIX`_N.spv")
	c.printFlags(&o.print)
	o.in = c.inputFlag()
	c.refuseDebugFlags("")
	return c
}

// translateStep is a mode flag: it appends its mode to the steps.
type translateStep struct {
	o    *translateOptions
	name string
}

func (s translateStep) String() string   { return "" }
func (s translateStep) IsBoolFlag() bool { return true }

func (s translateStep) Set(v string) error {
	if v != "true" {
		return fmt.Errorf("a mode takes no value")
	}
	s.o.steps = append(s.o.steps, s.name)
	return nil
}

// checkSteps checks that there is a translation and that each step takes
// what the one before it gives.
func (o *translateOptions) checkSteps() error {
	if len(o.steps) == 0 {
		return fmt.Errorf("no translation: give --serialize-spirv, --deserialize-spirv or --test-spirv-roundtrip")
	}
	for i := 1; i < len(o.steps); i++ {
		if translations[o.steps[i-1]].out != translations[o.steps[i]].in {
			return fmt.Errorf("--%s cannot take what --%s gives", o.steps[i], o.steps[i-1])
		}
	}
	return nil
}

// translateContext is kiln opt's context plus the spirv dialect.
func translateContext() *ir.Context {
	ctx := newContext()
	if ctx.Dialect("spirv") != nil {
		return ctx
	}
	ds := []*ir.Dialect{spirv.Dialect()}
	for _, d := range ctx.Dialects() {
		if d.Name != "builtin" {
			ds = append(ds, d)
		}
	}
	return ir.NewContext(ds...)
}

func runTranslate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &translateOptions{}
	files, code := translateCommandLine(o).parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if o.input, code = oneInput(files, "kiln translate", stderr); code >= 0 {
		return code
	}
	if err := o.checkSteps(); err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 2
	}
	text := translations[o.steps[0]].in
	read := o.in.readSPIRV
	if text {
		read = o.in.readText
	}
	src, name, err := read(o.input, stdin)
	if err != nil {
		reportInput("kiln translate", err, stderr)
		return 1
	}
	dest, closeDest, err := openOutput(o.output, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 1
	}
	out := bufio.NewWriterSize(dest, 64<<10)
	// Only text splits; as mlir-translate, the chunks' outputs are joined
	// with --output-split-marker (none by default) and a newline.
	chunks := chunkRun{name: name, text: string(src), verify: o.verifyDiagnostics != "" && text,
		onlyExpected: o.verifyDiagnostics == "only-expected", printOp: o.printOpOnDiag, printStack: o.printStackOnDiag, context: translateContext,
		marker: o.outputSplitMarker + "\n"}
	if text {
		chunks.split = o.splitInput
	}
	failed, problems, err := chunks.run(out, stderr, func(ctx *ir.Context, chunk string, _ bool) error {
		data, in := []byte(chunk), name
		for _, step := range o.steps {
			var err error
			if data, err = o.translate(ctx, step, data, in); err != nil {
				if _, ok := err.(*ir.Diagnostic); !ok {
					err = ir.Errorf(ctx.UnknownLoc(), "%v", err)
				}
				return err
			}
			in = "<" + step + " output>"
		}
		_, err := out.Write(data)
		return err
	})
	if err == nil {
		err = out.Flush()
	}
	if cerr := closeDest(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln translate: %v\n", err)
		return 1
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	if failed || len(problems) > 0 {
		return 1
	}
	return 0
}

// translate runs one translation on data, SPIR-V text or a binary as the
// translation takes.
func (o *translateOptions) translate(ctx *ir.Context, step string, data []byte, name string) ([]byte, error) {
	if step == "deserialize-spirv" {
		m, err := serialize.DeserializeBytes(ctx, data, name)
		if err != nil {
			return nil, err
		}
		return o.printModule(ctx, m), nil
	}
	m, err := o.spirvModule(ctx, string(data), name)
	if err != nil {
		return nil, err
	}
	opts := serialize.Options{VerifyAvailability: o.verifyAvailability, EmitDebugInfo: o.emitDebugInfo || step == "test-spirv-roundtrip-debug"}
	words, err := serialize.SerializeWith(m, opts)
	if err != nil {
		return nil, err
	}
	if step == "serialize-spirv" {
		b := spv.WordsToBytes(words)
		if o.validationPrefix != "" {
			if err := saveValidationFile(o.validationPrefix, b); err != nil {
				return nil, m.Errorf("%v", err)
			}
		}
		return b, nil
	}
	back, err := serialize.Deserialize(ctx, words, name)
	if err != nil {
		return nil, err
	}
	return o.printModule(ctx, back), nil
}

// spirvModule parses and verifies text and returns the spirv.module to
// translate. With --no-implicit-module the text must be that one op, as
// mlir-translate's SPIR-V translations take a spirv.module; otherwise the
// builtin.module around it must hold exactly one (mlir-translate would
// reject the implied builtin.module, which serves no one).
func (o *translateOptions) spirvModule(ctx *ir.Context, src, name string) (*ir.Operation, error) {
	parse := ir.Parse
	if o.noImplicitModule {
		parse = ir.ParseSingleOp
	}
	top, err := parse(ctx, src, name)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(top); err != nil {
		return nil, err
	}
	notSPIRV := ir.Errorf(top.Loc(), "expected a 'spirv.module' op, got '%s'", top.Name())
	if o.noImplicitModule {
		if top.Name() != "spirv.module" {
			return nil, notSPIRV
		}
		return top, nil
	}
	var mods []*ir.Operation
	top.WalkPre(func(op *ir.Operation) (descend, cont bool) {
		if op.Name() == "spirv.module" {
			mods = append(mods, op)
			return false, true // no spirv.module nests in another
		}
		return true, true
	})
	switch len(mods) {
	case 0:
		return nil, notSPIRV
	case 1:
		return mods[0], nil
	}
	return nil, top.Errorf("found more than one 'spirv.module' op")
}

// saveValidationFile writes a serialized module to PREFIX_N.spv, N the
// first number not taken, for spirv-val to read later (mlir-translate's
// --spirv-save-validation-files-with-prefix).
func saveValidationFile(prefix string, b []byte) error {
	if strings.ContainsRune(prefix, filepath.Separator) {
		if st, err := os.Stat(filepath.Dir(prefix)); err != nil || !st.IsDir() {
			return fmt.Errorf("validation prefix directory does not exist")
		}
	}
	for n := 0; ; n++ {
		f, err := os.OpenFile(fmt.Sprintf("%s_%d.spv", prefix, n), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("error creating validation output file: %v", err)
		}
		_, err = f.Write(b)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
}

// printModule prints a spirv.module, inside a builtin.module unless
// --no-implicit-module.
func (o *translateOptions) printModule(ctx *ir.Context, m *ir.Operation) []byte {
	if o.noImplicitModule {
		return ir.PrintBytes(m, o.print)
	}
	top := ir.NewModule(ctx, ctx.UnknownLoc())
	ir.ModuleBody(top).Append(m)
	return ir.PrintBytes(top, o.print)
}
