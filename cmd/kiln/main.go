// Command kiln is Kiln's command-line driver: an MLIR-style compiler for
// Vulkan compute kernels.
//
//	kiln opt       parse, verify, run passes, print (like mlir-opt)
//	kiln devices   list Vulkan devices (like vulkaninfo --summary)
//
// Each subcommand takes MLIR's flag names where MLIR has one.
package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sync"

	"github.com/kiln-gpu/kiln/internal/suggest"
)

// A command runs one subcommand with its arguments and returns the exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// hidden commands are helpers other commands run (lit's not and
	// split-file for kiln test's RUN lines), left out of the help.
	hidden bool
}

// commands lists the subcommands; each lives in its own file.
var commands = map[string]command{
	"devices":   {"list Vulkan devices, drivers, limits and features", runDevices, false},
	"opt":       {"parse, verify, run passes and print MLIR (like mlir-opt)", runOpt, false},
	"translate": {"spirv dialect <-> SPIR-V binary (like mlir-translate)", runTranslate, false},
	"run":       {"execute a host program, its kernels on Vulkan (like mlir-vulkan-runner)", runRun, false},
	"compile":   {"compile every gpu.module to validated .spv files and a manifest", runCompile, false},
	"test":      {"run a suite of kernel tests (.mlir, .amber) on devices, with JUnit/JSON reports", runTest, false},
}

func main() {
	afterInput = prepareHeap
	beforeOutput = stopCollecting
	os.Exit(profiled(func() int { return dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr) }))
}

// startHeap is how large the heap grows before the first collection.
const startHeap = 128 << 20

// hugeInput is the input size from which the heap is backed by huge pages:
// the reservation costs about 5 ms a run, nearly half of a one-kernel
// file's, and pays from about 1,000 kernels (2.4 MB) on; at 100 kernels
// (0.24 MB) it is a wash (docs/RATIONALE.md "Performance machinery at the
// sizes users have").
const hugeInput = 1 << 20

// afterInput, when set, is called once with the size of the first input
// read. main sets it to prepareHeap; tests, which run commands in their
// own process, leave it nil.
var afterInput func(size int)

var prepared sync.Once

// prepareHeap backs the heap with huge pages for a large input, then leaves
// the collector idle until startHeap. The reservation comes first: the
// collection that frees its block must not count against lazyGC's limit
// nor end its idle start.
func prepareHeap(size int) {
	prepared.Do(func() {
		if size >= hugeInput {
			reserveHugePages(startHeap)
		}
		lazyGC(startHeap)
	})
}

// lazyGC leaves the garbage collector idle until the heap reaches start,
// then restores the usual pacing (GOGC=100), much as the Go compiler
// adjusts its starting heap: a compiler's data mostly lives to the end, so
// collecting a small heap early is wasted work, while a big input still
// gets collected as usual. GOGC or GOMEMLIMIT in the environment win.
func lazyGC(start int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(start)
	// The first collection frees the sentinel; its finalizer then puts
	// the pacing back. (32 bytes keeps it out of the tiny allocator, whose
	// blocks may outlive the object.)
	sentinel := new([32]byte)
	runtime.SetFinalizer(sentinel, func(*[32]byte) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

// beforeOutput, when set, runs once all that is left of a run is writing
// its result. main sets it to stopCollecting; tests, which run commands in
// their own process, leave it nil.
var beforeOutput func()

// stopCollecting turns the collector off for the rest of the run. When all
// that is left is printing the IR and exiting, a collection would mark the
// whole IR, which is live to the end, to free the printer's garbage, a
// small fraction of it (name tables, strings) that exiting frees anyway.
// GOGC or GOMEMLIMIT in the environment win.
func stopCollecting() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(math.MaxInt64)
}

// profiled runs f, writing a CPU profile to $KILN_CPUPROFILE and an
// allocation profile to $KILN_MEMPROFILE when they are set (for `go tool
// pprof`; see docs/HACKING.md).
func profiled(f func() int) int {
	if path := os.Getenv("KILN_CPUPROFILE"); path != "" {
		out, err := os.Create(path)
		if err == nil {
			defer out.Close()
			err = pprof.StartCPUProfile(out)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "kiln: KILN_CPUPROFILE: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	status := f()
	if path := os.Getenv("KILN_MEMPROFILE"); path != "" {
		runtime.GC() // the profile counts allocations up to the last collection
		out, err := os.Create(path)
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(out, 0)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "kiln: KILN_MEMPROFILE: %v\n", err)
			return 1
		}
	}
	return status
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			// kiln help CMD is CMD --help.
			return dispatch([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return 0
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, version())
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		names := slices.Collect(maps.Keys(commands))
		hint := ""
		if best := suggest.Closest(args[0], names); best != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", best)
		}
		fmt.Fprintf(stderr, "kiln: unknown command %q%s\nrun 'kiln help' for usage\n", args[0], hint)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: kiln <command> [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	var rows [][2]string
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		if commands[n].hidden {
			continue
		}
		rows = append(rows, [2]string{n, commands[n].summary})
	}
	writeRows(w, rows)
	fmt.Fprintln(w, "\n'kiln help COMMAND' or 'kiln COMMAND --help' describes a command's flags;")
	fmt.Fprintln(w, "'kiln opt --list-passes' lists the passes; 'kiln --version' the build.")
}

// version describes the build: the module version and, when the binary was
// built from a checkout, its VCS revision, commit time and whether the tree
// had changes.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "kiln (no build information)"
	}
	v := "kiln " + info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		v += " " + rev
		if t := settings["vcs.time"]; t != "" {
			v += " " + t
		}
		if settings["vcs.modified"] == "true" {
			v += " (modified)"
		}
	}
	return v + " " + info.GoVersion
}
