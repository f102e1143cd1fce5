// Package validate runs the SPIR-V validator of SPIRV-Tools, the spirv-val
// command, on modules and returns its findings as structured messages: the
// text, the Vulkan VUID it cites, and the index and result id of the
// instruction it is about, so that a caller that produced the words can
// point back to the operation that produced that instruction.
//
// spirv-val is Kiln's gate: nothing reaches a driver unvalidated, because
// drivers crash on invalid SPIR-V rather than reject it. The package uses
// only the standard library and finds spirv-val on PATH (Debian package
// spirv-tools).
package validate

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ErrNotFound is returned, wrapped, when there is no spirv-val to run:
// test with errors.Is.
var ErrNotFound = errors.New("spirv-val not found (install SPIRV-Tools: Debian package spirv-tools)")

// Error is a module that spirv-val rejects.
type Error struct {
	Env      Env
	Messages []Message // at least one
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "spirv-val --target-env %s rejects the module", e.Env)
	for _, m := range e.Messages {
		b.WriteString("\n" + m.String())
	}
	return b.String()
}

// Validator runs spirv-val with a fixed configuration.
type Validator struct {
	Env   Env      // required
	Path  string   // the spirv-val executable; "" looks up "spirv-val" on PATH
	Flags []string // more flags, passed as they are: "--scalar-block-layout"
}

// Validate checks words (a whole module) for the environment env.
func Validate(ctx context.Context, words []uint32, env Env) error {
	return (&Validator{Env: env}).Validate(ctx, words)
}

// Validate checks a module given as words.
func (v *Validator) Validate(ctx context.Context, words []uint32) error {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return v.ValidateBytes(ctx, b)
}

// ValidateBytes checks a module given as its binary file contents. It
// returns nil when spirv-val accepts the module, a *Error when it rejects
// it, and another error when spirv-val cannot run.
func (v *Validator) ValidateBytes(ctx context.Context, module []byte) error {
	env, err := ParseEnv(string(v.Env))
	if err != nil {
		return err
	}
	path := v.Path
	if path == "" {
		path = "spirv-val"
	}
	path, err = exec.LookPath(path)
	if err != nil {
		return fmt.Errorf("validate: %v: %w", err, ErrNotFound)
	}
	args := append([]string{"--target-env", string(env)}, v.Flags...)
	cmd := exec.CommandContext(ctx, path, append(args, "-")...)
	cmd.Stdin = bytes.NewReader(module)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	if runErr == nil {
		return nil
	}
	var exit *exec.ExitError
	if !errors.As(runErr, &exit) {
		return fmt.Errorf("validate: running %s: %w", path, runErr)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("validate: %s: %w", path, ctx.Err())
	}
	msgs := parseMessages(out.String())
	if len(msgs) == 0 {
		text := strings.TrimSpace(out.String())
		if text == "" {
			text = runErr.Error()
		}
		msgs = []Message{{Severity: "error", Text: text, Instruction: -1}}
	}
	return &Error{Env: env, Messages: msgs}
}
