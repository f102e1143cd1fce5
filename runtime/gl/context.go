package gl

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	gl "github.com/go-gl/gl/v4.5-core/gl"
)

// Config configures Open.
type Config struct {
	// Debug makes a debug context with synchronous KHR_debug output: every
	// message of type error or undefined behaviour the driver logs fails the
	// call that caused it, and every other message is kept for TakeMessages.
	Debug bool
	// Library is the EGL library to load (libEGL.so.1 when empty).
	Library string
	// Device chooses the EGL device by its index in Devices; empty means
	// EGL's surfaceless platform (EGL_PLATFORM_SURFACELESS_MESA).
	Device string
}

// A Context is one OpenGL 4.5 core context, current on a thread of its own:
// GL contexts belong to a thread, so every call runs there, and the Context
// is safe for concurrent use.
type Context struct {
	calls chan func()
	done  chan struct{}
	info  Info
	debug bool

	// useMu is held shared by every call and exclusively by Close, so
	// that no call is sent to a closed context.
	useMu  sync.RWMutex
	closed bool

	mu       sync.Mutex
	messages []string // debug messages, appended on the GL thread
	buffers  map[*Buffer]struct{}
	kernels  map[*Kernel]struct{}
}

// initMu guards go-gl's function table, which is global.
var (
	initMu  sync.Mutex
	initErr error
	inited  bool
)

// Open makes a headless context through EGL's surfaceless platform and
// reads its limits. Without EGL, or without a driver that gives GL 4.5 core
// with GL_ARB_gl_spirv, the error wraps ErrNoContext.
func Open(cfg Config) (*Context, error) {
	if cfg.Library == "" {
		cfg.Library = defaultEGL
	}
	device := -1
	if cfg.Device != "" {
		n, err := strconv.Atoi(cfg.Device)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("gl: EGL device %q is not an index: %w", cfg.Device, ErrBadArgument)
		}
		devs, err := Devices(cfg.Library)
		if err != nil {
			return nil, err
		}
		if n >= len(devs) {
			return nil, fmt.Errorf("gl: no EGL device %d: EGL lists %d (kiln devices shows them): %w", n, len(devs), ErrNoContext)
		}
		device = n
	}
	c := &Context{calls: make(chan func()), done: make(chan struct{}), debug: cfg.Debug,
		buffers: map[*Buffer]struct{}{}, kernels: map[*Kernel]struct{}{}}
	started := make(chan error, 1)
	go c.loop(cfg, device, started)
	if err := <-started; err != nil {
		return nil, err
	}
	return c, nil
}

// loop runs the context's thread: it makes the context, then runs calls
// until Close.
func (c *Context) loop(cfg Config, device int, started chan<- error) {
	runtime.LockOSThread()
	// The thread is not unlocked: it had a GL context current, and ending
	// a locked goroutine ends its thread with it.
	e, err := openEGL(cfg.Library, cfg.Debug, device)
	if err != nil {
		started <- err
		return
	}
	if err := loadGL(e); err != nil {
		e.close()
		started <- err
		return
	}
	if err := c.readInfo(e); err != nil {
		e.close()
		started <- err
		return
	}
	if cfg.Debug {
		gl.Enable(gl.DEBUG_OUTPUT)
		gl.Enable(gl.DEBUG_OUTPUT_SYNCHRONOUS)
		// Notifications are the driver's diary (NVIDIA logs where each buffer
		// lives); they report nothing wrong, so they are not even logged.
		gl.DebugMessageControl(gl.DONT_CARE, gl.DONT_CARE, gl.DEBUG_SEVERITY_NOTIFICATION, 0, nil, false)
	}
	started <- nil
	for f := range c.calls {
		f()
	}
	e.close()
	close(c.done)
}

// loadGL fills go-gl's function table from EGL, once per process: the
// addresses eglGetProcAddress returns do not depend on the context.
func loadGL(e *egl) error {
	initMu.Lock()
	defer initMu.Unlock()
	if !inited {
		initErr = gl.InitWithProcAddrFunc(e.proc)
		inited = true
	}
	if initErr != nil {
		return fmt.Errorf("gl: loading OpenGL 4.5 functions: %v: %w", initErr, ErrNoContext)
	}
	return nil
}

// do runs f on the context's thread and returns its error, and then the
// first GL error f left unchecked or a debug message of error severity.
func (c *Context) do(f func() error) error {
	c.useMu.RLock()
	defer c.useMu.RUnlock()
	if c.closed {
		return fmt.Errorf("gl: context: %w", ErrClosed)
	}
	return c.run(f)
}

// run is do without the check; useMu is held.
func (c *Context) run(f func() error) error {
	errc := make(chan error, 1)
	c.calls <- func() {
		err := f()
		if err == nil {
			err = glError("")
		}
		if derr := c.drainDebug(); err == nil {
			err = derr
		}
		errc <- err
	}
	return <-errc
}

// glError returns the pending GL error, named, or nil; call names the call
// that raised it.
func glError(call string) error {
	code := gl.GetError()
	if code == gl.NO_ERROR {
		return nil
	}
	// Errors queue up: drain the rest so that the next check starts clean.
	for gl.GetError() != gl.NO_ERROR {
	}
	if call == "" {
		return fmt.Errorf("gl: %w", Error(code))
	}
	return fmt.Errorf("gl: %s: %w", call, Error(code))
}

// drainDebug reads the KHR_debug message log: messages of type error or
// undefined behaviour become the returned error; those and the deprecated
// and portability ones are kept for TakeMessages. Performance hints and
// messages of type other (NVIDIA: a buffer read back is "copied/moved from
// VIDEO memory to HOST memory") describe how the driver serves a correct
// program and are dropped.
func (c *Context) drainDebug() error {
	if !c.debug {
		return nil
	}
	var errs []string
	for {
		var source, typ, id, severity uint32
		var length int32
		buf := make([]uint8, 4096)
		if gl.GetDebugMessageLog(1, int32(len(buf)), &source, &typ, &id, &severity, &length, &buf[0]) == 0 {
			break
		}
		msg := strings.TrimRight(string(buf[:max(length-1, 0)]), "\n")
		line := fmt.Sprintf("%s %s: %s", debugTypeName(typ), debugSeverityName(severity), msg)
		switch typ {
		case gl.DEBUG_TYPE_ERROR, gl.DEBUG_TYPE_UNDEFINED_BEHAVIOR:
			errs = append(errs, line)
			fallthrough
		case gl.DEBUG_TYPE_DEPRECATED_BEHAVIOR, gl.DEBUG_TYPE_PORTABILITY:
			c.mu.Lock()
			c.messages = append(c.messages, line)
			c.mu.Unlock()
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("gl: the driver's debug output reported:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}

func debugTypeName(t uint32) string {
	switch t {
	case gl.DEBUG_TYPE_ERROR:
		return "error"
	case gl.DEBUG_TYPE_DEPRECATED_BEHAVIOR:
		return "deprecated"
	case gl.DEBUG_TYPE_UNDEFINED_BEHAVIOR:
		return "undefined-behavior"
	case gl.DEBUG_TYPE_PORTABILITY:
		return "portability"
	case gl.DEBUG_TYPE_PERFORMANCE:
		return "performance"
	}
	return "other"
}

func debugSeverityName(s uint32) string {
	switch s {
	case gl.DEBUG_SEVERITY_HIGH:
		return "(high)"
	case gl.DEBUG_SEVERITY_MEDIUM:
		return "(medium)"
	case gl.DEBUG_SEVERITY_LOW:
		return "(low)"
	}
	return "(notification)"
}

// TakeMessages returns the debug messages logged since the last call (Debug
// contexts only) and forgets them.
func (c *Context) TakeMessages() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.messages
	c.messages = nil
	return m
}

// Info describes the context.
func (c *Context) Info() Info { return c.info }

// Close frees every buffer and kernel still alive and destroys the context.
// Closing twice is an error wrapping ErrClosed.
func (c *Context) Close() error {
	c.useMu.Lock()
	if c.closed {
		c.useMu.Unlock()
		return fmt.Errorf("gl: context: %w", ErrClosed)
	}
	c.closed = true
	err := c.run(func() error {
		c.mu.Lock()
		defer c.mu.Unlock()
		for b := range c.buffers {
			gl.DeleteBuffers(1, &b.name)
			b.freed = true
		}
		for k := range c.kernels {
			gl.DeleteProgram(k.program)
			k.freed = true
		}
		c.buffers, c.kernels = nil, nil
		return nil
	})
	close(c.calls)
	c.useMu.Unlock()
	<-c.done
	return err
}

// glString reads a GL string.
func glString(name uint32) string {
	p := gl.GetString(name)
	if p == nil {
		return ""
	}
	return gl.GoStr(p)
}

func glStringi(name, count uint32) []string {
	var n int32
	gl.GetIntegerv(count, &n)
	out := make([]string, 0, n)
	for i := range uint32(n) {
		if p := gl.GetStringi(name, i); p != nil {
			out = append(out, gl.GoStr(p))
		}
	}
	slices.Sort(out)
	return out
}
