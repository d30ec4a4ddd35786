package workflow

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// EachIndex calls work(i) for every i below n, on as many goroutines as Go
// runs at once (GOMAXPROCS), for work that is independent, such as the
// report mails of one turn. work must keep its results by i, so that they
// come out in the same order whatever the timing. It returns the error of
// the least i that failed; a panic in work panics the caller, with the
// stack where it happened, so that the caller's loop recovers it.
func EachIndex(n int, work func(i int) error) error {
	errs := make([]error, n)
	var (
		next      atomic.Int64
		wg        sync.WaitGroup
		panicOnce sync.Once
		p         *workPanic
	)
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					panicOnce.Do(func() { p = &workPanic{value: r, stack: debug.Stack()} })
				}
			}()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				errs[i] = work(i)
			}
		})
	}
	wg.Wait()
	if p != nil {
		panic(p)
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// workPanic is a panic of one of eachIndex's goroutines, raised again in
// its caller's.
type workPanic struct {
	value any
	stack []byte
}

func (p *workPanic) String() string {
	return fmt.Sprintf("%v\n\nin a worker goroutine:\n%s", p.value, p.stack)
}
