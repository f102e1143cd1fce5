package rewrite

import "github.com/kiln-gpu/kiln/ir"

// worklist is a LIFO of ops without duplicates whose entries can be
// removed in O(1), as MLIR's greedy driver keeps it: a popped op that is
// added again is processed again, an erased op is dropped.
type worklist struct {
	ops []*ir.Operation
	pos map[*ir.Operation]int
}

func newWorklist() *worklist { return &worklist{pos: map[*ir.Operation]int{}} }

func (w *worklist) push(op *ir.Operation) {
	if _, ok := w.pos[op]; ok {
		return
	}
	w.pos[op] = len(w.ops)
	w.ops = append(w.ops, op)
}

// pop returns the most recently pushed op still listed, or nil.
func (w *worklist) pop() *ir.Operation {
	for len(w.ops) > 0 {
		op := w.ops[len(w.ops)-1]
		w.ops = w.ops[:len(w.ops)-1]
		if op != nil {
			delete(w.pos, op)
			return op
		}
	}
	return nil
}

func (w *worklist) remove(op *ir.Operation) {
	if i, ok := w.pos[op]; ok {
		w.ops[i] = nil
		delete(w.pos, op)
	}
}

// reverse makes pop return ops in the order they were pushed, so that an
// initial walk is processed in walk order.
func (w *worklist) reverse() {
	for i, j := 0, len(w.ops)-1; i < j; i, j = i+1, j-1 {
		w.ops[i], w.ops[j] = w.ops[j], w.ops[i]
	}
	for i, op := range w.ops {
		if op != nil {
			w.pos[op] = i
		}
	}
}
