package ir

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Context owns the dialects a program uses and the uniqued types and
// attributes it creates. It is safe for concurrent use.
type Context struct {
	dialects map[string]*Dialect // by namespace, including aliases such as "spv"
	ops      map[string]*OpDef   // by full name
	infos    map[string]*opInfo  // the ops' shared facts, by full name
	unregMu  sync.Mutex
	unreg    map[string]*opInfo // those of unregistered ops, made when first created
	// created caches opInfo for the names passes create ops by (see
	// createdInfo).
	created [createdSlots]atomic.Pointer[namedInfo]

	allowUnregistered atomic.Bool
	singleThreaded    atomic.Bool // see SetMultithreading
	printOpOnDiag     atomic.Bool // see SetPrintOpOnDiagnostic
	printStackOnDiag  atomic.Bool // see SetPrintStackTraceOnDiagnostic

	unique *uniqueTable
	nextID atomic.Uint64

	srcMu   sync.RWMutex
	sources map[string]string // file name -> contents, for diagnostics
	handler DiagnosticHandler
	emitMu  sync.Mutex // serializes calls of handler

	// usesAliasableAttrs is set once an affine map or set (or a dense
	// resource, or a location parsed as an attribute) is created, so the
	// printer only does its alias dry run when there may be aliases (or
	// resource blobs) to find.
	usesAliasableAttrs atomic.Bool
	// usesDistinct is set once a distinct attribute is created: printing
	// then numbers them in a dry run.
	usesDistinct atomic.Bool

	resources resourceStore // resources.go

	builtins builtinCache

	flcMu sync.Mutex                // guards flc
	flc   map[string]*positionTable // by file
}

// builtinCache holds the most used builtin types so that hot paths avoid the
// uniquing map.
type builtinCache struct {
	index, none                  Type
	i1, i8, i16, i32, i64        Type
	f16, bf16, f32, f64          Type
	unitAttr, trueAttr, falseAtt Attribute
	unknownLoc                   Location
}

// uniqued is implemented by every type and attribute: it gives the identity
// used to build the keys of composite types.
type uniqued interface {
	uniqueID() uint64
}

// stored is a uniqued value that keeps the identity the Context assigns
// (Storage); file positions get theirs from their table instead.
type stored interface {
	uniqued
	setUniqueID(uint64)
}

// Storage is embedded in every Type and Attribute implementation. It carries
// the identity the Context assigns when it uniques the value; values that do
// not embed it cannot be Types or Attributes, but for file positions, whose
// tables keep the identities of the few that need one (FileLineColLoc).
type Storage struct{ id uint64 }

func (s *Storage) uniqueID() uint64      { return s.id }
func (s *Storage) setUniqueID(id uint64) { s.id = id }

// NewContext returns a Context with the builtin dialect and the given
// dialects (and the dialects they depend on) loaded.
func NewContext(dialects ...*Dialect) *Context {
	c := &Context{
		dialects: map[string]*Dialect{},
		ops:      map[string]*OpDef{},
		infos:    map[string]*opInfo{},
		unreg:    map[string]*opInfo{},
		unique:   newUniqueTable(),
		sources:  map[string]string{},
		flc:      map[string]*positionTable{},
	}
	c.initBuiltins()
	c.load(BuiltinDialect())
	for _, d := range dialects {
		c.load(d)
	}
	return c
}

func (c *Context) load(d *Dialect) {
	if existing, ok := c.dialects[d.Name]; ok && existing == d {
		return
	}
	c.dialects[d.Name] = d
	for _, a := range d.Aliases {
		c.dialects[a] = d
	}
	for _, dep := range d.Dependencies {
		c.load(dep())
	}
	for _, op := range d.Ops {
		op.dialect.Store(d)
		info := newOpInfo(c, op.Name, op)
		c.ops[op.Name], c.infos[op.Name] = op, info
		for _, old := range op.OldNames {
			c.ops[old], c.infos[old] = op, info
		}
		if i := strings.IndexByte(op.Name, '.'); i > 0 {
			for _, a := range d.Aliases {
				c.ops[a+op.Name[i:]], c.infos[a+op.Name[i:]] = op, info
			}
		}
	}
}

// Dialect returns the loaded dialect with the given namespace, or nil.
func (c *Context) Dialect(name string) *Dialect { return c.dialects[name] }

// Dialects returns the loaded dialects, each once.
func (c *Context) Dialects() []*Dialect {
	seen := map[*Dialect]bool{}
	var out []*Dialect
	for _, d := range c.dialects {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// opInfo returns the facts shared by the ops named name: the registered
// op's canonical spelling and definition, or the name alone.
func (c *Context) opInfo(name string) *opInfo {
	if info := c.infos[name]; info != nil {
		return info
	}
	c.unregMu.Lock()
	defer c.unregMu.Unlock()
	info := c.unreg[name]
	if info == nil {
		info = newOpInfo(c, name, nil)
		c.unreg[name] = info
	}
	return info
}

// createdSlots is the size of the direct-mapped cache of created op names.
const createdSlots = 256

// namedInfo is an entry of Context.created and Parser.opCache.
type namedInfo struct {
	name string
	info *opInfo
}

// createdInfo is opInfo for Builder.CreateOp, whose names are mostly
// constants of the passes: the cache's slot is chosen by the address of the
// name's bytes, so the same constant finds its entry without hashing the
// name (the map lookup was 1% of a lowering). The entry still compares the
// name (equal addresses compare in one step), so any string is correct.
func (c *Context) createdInfo(name string) *opInfo {
	slot := &c.created[(uintptr(unsafe.Pointer(unsafe.StringData(name)))>>3)%createdSlots]
	if e := slot.Load(); e != nil && e.name == name {
		return e.info
	}
	info := c.opInfo(name)
	slot.Store(&namedInfo{name, info})
	return info
}

// LookupOp returns the definition of a registered op, or nil.
func (c *Context) LookupOp(name string) *OpDef { return c.ops[name] }

// SetAllowUnregisteredDialects makes the parser accept ops, types and
// attributes of dialects that are not loaded (--allow-unregistered-dialect).
func (c *Context) SetAllowUnregisteredDialects(allow bool) { c.allowUnregistered.Store(allow) }

// AllowsUnregisteredDialects reports whether unregistered dialects are accepted.
func (c *Context) AllowsUnregisteredDialects() bool { return c.allowUnregistered.Load() }

// AddSource records a source buffer so diagnostics can show its lines.
func (c *Context) AddSource(name, contents string) {
	c.srcMu.Lock()
	c.sources[name] = contents
	c.srcMu.Unlock()
}

func (c *Context) source(name string) (string, bool) {
	c.srcMu.RLock()
	defer c.srcMu.RUnlock()
	s, ok := c.sources[name]
	return s, ok
}

// Unique returns the value registered under key, creating it with build on
// first use. Dialects use it to unique their own types and attributes; build
// keys with a KeyBuilder so they include the identity of nested types.
func Unique[T stored](c *Context, key string, build func() T) T {
	if v, ok := c.unique.lookup(key); ok {
		return v.(T)
	}
	n := build()
	return c.unique.insert(key, n, func() { n.setUniqueID(c.nextID.Add(1)) }).(T)
}

// UniqueKey is Unique with the key still in its builder: the lookup does
// not allocate, only a first insertion copies the key.
func UniqueKey[T stored](c *Context, k *KeyBuilder, build func() T) T {
	return uniqueBytes(c, k.b, build)
}

// UniqueInt is UniqueKey for the key NewKey(kind).Int(v) (an enum or flag
// attribute), built on the stack: a lookup that finds it allocates nothing.
func UniqueInt[T stored](c *Context, kind string, v int64, build func() T) T {
	var buf [48]byte
	key := append(buf[:0], kind...)
	key = append(key, 0)
	return uniqueBytes(c, appendKeyInt(key, v), build)
}

// uniqueBytes is UniqueKey for a key built with the appendKey functions.
// build runs only on a miss, so what it captures stays on the caller's
// stack in the common case.
func uniqueBytes[T stored](c *Context, key []byte, build func() T) T {
	if v, ok := c.unique.lookupBytes(key); ok {
		return v.(T)
	}
	return Unique(c, string(key), build)
}

// KeyBuilder builds uniquing keys from a kind name and components.
type KeyBuilder struct{ b []byte }

// NewKey starts a key for the given kind (for example "spirv.ptr").
func NewKey(kind string) *KeyBuilder {
	k := &KeyBuilder{b: make([]byte, 0, 32)}
	k.b = append(k.b, kind...)
	k.b = append(k.b, 0)
	return k
}

// Int appends an integer component.
func (k *KeyBuilder) Int(v int64) *KeyBuilder {
	k.b = appendKeyInt(k.b, v)
	return k
}

// The appendKey functions hold the key format; as plain appends they let
// hot callers build keys in a stack buffer, which the builder's methods
// cannot (its buffer escapes).
func appendKeyInt(b []byte, v int64) []byte {
	b = strconv.AppendInt(b, v, 36)
	return append(b, ',')
}

func appendKeyObj(b []byte, u uniqued) []byte {
	if u == nil {
		return append(b, '_', ',')
	}
	b = append(b, '#')
	b = strconv.AppendUint(b, u.uniqueID(), 36)
	return append(b, ',')
}

func appendKeyTypes(b []byte, ts []Type) []byte {
	b = appendKeyInt(b, int64(len(ts)))
	for _, t := range ts {
		b = appendKeyObj(b, t)
	}
	return b
}

// Str appends a string component.
func (k *KeyBuilder) Str(s string) *KeyBuilder {
	k.b = appendKeyStr(k.b, s)
	return k
}

func appendKeyStr(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 36)
	b = append(b, ':')
	return append(b, s...)
}

// Type appends a type (or nil).
func (k *KeyBuilder) Type(t Type) *KeyBuilder { return k.obj(t) }

// Attr appends an attribute (or nil).
func (k *KeyBuilder) Attr(a Attribute) *KeyBuilder { return k.obj(a) }

func (k *KeyBuilder) obj(u uniqued) *KeyBuilder {
	k.b = appendKeyObj(k.b, u)
	return k
}

// Types appends a list of types.
func (k *KeyBuilder) Types(ts []Type) *KeyBuilder {
	k.b = appendKeyTypes(k.b, ts)
	return k
}

// Attrs appends a list of attributes.
func (k *KeyBuilder) Attrs(as []Attribute) *KeyBuilder {
	k.Int(int64(len(as)))
	for _, a := range as {
		k.obj(a)
	}
	return k
}

// Ints appends a list of integers.
func (k *KeyBuilder) Ints(vs []int64) *KeyBuilder {
	k.b = appendKeyInts(k.b, vs)
	return k
}

func appendKeyInts(b []byte, vs []int64) []byte {
	b = appendKeyInt(b, int64(len(vs)))
	for _, v := range vs {
		b = appendKeyInt(b, v)
	}
	return b
}

// String returns the key.
func (k *KeyBuilder) String() string { return string(k.b) }
