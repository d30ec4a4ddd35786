package workflow

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

// TestEachIndex: every index is worked once, results land by index, and
// the error reported is the least index's, however the goroutines ran.
func TestEachIndex(t *testing.T) {
	const n = 100
	var calls atomic.Int64
	out := make([]int, n)
	err := EachIndex(n, func(i int) error {
		calls.Add(1)
		out[i] = i * i
		if i%7 == 3 {
			return fmt.Errorf("index %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "index 3" {
		t.Errorf("eachIndex = %v, want the error of index 3", err)
	}
	if calls.Load() != n {
		t.Errorf("work ran %d times, want %d", calls.Load(), n)
	}
	for i, v := range out {
		if v != i*i {
			t.Fatalf("out[%d] = %d, want %d", i, v, i*i)
		}
	}
	if err := EachIndex(0, func(int) error { return errors.New("never") }); err != nil {
		t.Errorf("eachIndex of nothing = %v", err)
	}
}

// TestEachIndex_panic: a panic in work reaches the caller, where a loop's
// recover catches it, with the stack of the goroutine it happened in.
func TestEachIndex_panic(t *testing.T) {
	defer func() {
		r := recover()
		if s := fmt.Sprint(r); !strings.Contains(s, "boom 5") || !strings.Contains(s, "parallel_internal_test.go") {
			t.Errorf("recovered %q, want the panic and its stack", s)
		}
	}()
	_ = EachIndex(10, func(i int) error {
		if i == 5 {
			panic("boom 5")
		}
		return nil
	})
	t.Error("eachIndex returned after its work panicked")
}
