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
	// steps are the translations in command-line order; each takes what
	// the one before it gives (mlir-translate chains them the same way).
	steps              []string
	input, output      string
	noImplicitModule   bool
	splitInput         bool
	verifyDiagnostics  bool
	verifyAvailability bool
	emitDebugInfo      bool
	validationPrefix   string
	print              ir.PrintOptions
	in                 *input
}

const translateUsage = `usage: kiln translate MODE... [FILE|-] [flags]

Translates between the spirv dialect and SPIR-V binaries (like mlir-translate).
Several modes run one after the other (--serialize-spirv --deserialize-spirv).

modes:
  --serialize-spirv             spirv.module text -> SPIR-V binary
  --deserialize-spirv           SPIR-V binary -> spirv.module text
  --test-spirv-roundtrip        spirv.module text -> binary -> text
  --test-spirv-roundtrip-debug  the same with OpLine debug information

flags:
  --no-implicit-module          the input is one op (no builtin.module is implied
                                around several), the output not wrapped in one
  --split-input-file            process each '// -----' chunk of a text input separately
  --verify-diagnostics          check diagnostics against expected-* comments
  --verify-availability         an op the module's vce triple does not allow is an error
  --spirv-emit-debug-info       write OpLine instructions for the ops' locations
  --spirv-save-validation-files-with-prefix=PREFIX
                                also write each serialized module to PREFIX_N.spv
  --mlir-print-op-generic       print every op in the generic form
  --mlir-print-debuginfo        print locations
  --mlir-print-local-scope      print locations in place (Kiln always does)
  --max-input-size=SIZE         read inputs up to SIZE bytes (K, M, G suffixes; default 256M)
  -o FILE                       write output to FILE (default stdout)
`

// The translations: what each takes and gives (true: text, false: binary).
var translations = map[string]struct{ in, out bool }{
	"serialize-spirv":            {true, false},
	"deserialize-spirv":          {false, true},
	"test-spirv-roundtrip":       {true, true},
	"test-spirv-roundtrip-debug": {true, true},
}

func parseTranslateArgs(args []string) (*translateOptions, error) {
	o := &translateOptions{output: "-", in: newInput()}
	input, err := parseMLIRArgs(args, func(f mlirFlag) error {
		if _, ok := translations[f.Name]; ok {
			o.steps = append(o.steps, f.Name)
			return nil
		}
		switch f.Name {
		case "h", "help":
			return errHelp
		case "no-implicit-module":
			return f.Bool(&o.noImplicitModule)
		case "split-input-file":
			return f.Bool(&o.splitInput)
		case "verify-diagnostics":
			return f.Bool(&o.verifyDiagnostics)
		case "verify-availability":
			return f.Bool(&o.verifyAvailability)
		case "spirv-emit-debug-info":
			return f.Bool(&o.emitDebugInfo)
		case "spirv-save-validation-files-with-prefix":
			v, err := f.Value()
			o.validationPrefix = v
			return err
		case "mlir-print-op-generic":
			return f.Bool(&o.print.Generic)
		case "mlir-print-debuginfo":
			return f.Bool(&o.print.DebugInfo)
		case "mlir-print-local-scope":
			// Kiln prints locations in place, never as #loc aliases.
			var local bool
			return f.Bool(&local)
		case "o":
			v, err := f.Value()
			o.output = v
			return err
		case "max-input-size":
			v, err := f.Value()
			if err != nil {
				return err
			}
			return o.in.limit.Set(v)
		}
		return fmt.Errorf("unknown flag %q", "--"+f.Name)
	})
	if err != nil {
		return nil, err
	}
	o.input = input
	if len(o.steps) == 0 {
		return nil, fmt.Errorf("no translation: give --serialize-spirv, --deserialize-spirv or --test-spirv-roundtrip")
	}
	for i := 1; i < len(o.steps); i++ {
		if translations[o.steps[i-1]].out != translations[o.steps[i]].in {
			return nil, fmt.Errorf("--%s cannot take what --%s gives", o.steps[i], o.steps[i-1])
		}
	}
	return o, nil
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
	o, err := parseTranslateArgs(args)
	if err == errHelp {
		fmt.Fprint(stdout, translateUsage)
		return 0
	}
	if err != nil {
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
	// Only text splits; mlir-translate joins the chunks' outputs with no
	// marker between them.
	chunks := chunkRun{name: name, text: string(src), split: o.splitInput && text, verify: o.verifyDiagnostics && text, context: translateContext}
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

// spirvModule parses and verifies text and returns the spirv.module it
// holds, which must be the only one, as mlir-translate requires. With
// --no-implicit-module the text must be one op.
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
		return nil, top.Errorf("found no 'spirv.module' op")
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
