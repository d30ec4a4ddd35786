package moderator

import (
	"context"
	"testing"
	"time"

	"github.com/pbemd/pbemd/internal/clock/clocktest"
)

// TestGuardBacksOffAfterPanics: a loop that panics each time it starts is
// restarted after a second, then two, then four, up to maxRestartWait,
// and never before its wait is over, so that it neither spins a core nor
// floods the log; each panic is counted.
func TestGuardBacksOffAfterPanics(t *testing.T) {
	clk := clocktest.New(time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC))
	m := New(Options{Clock: clk})
	starts := make(chan time.Time)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() {
		done <- m.guard(ctx, "test", func(context.Context) error {
			starts <- clk.Now()
			panic("the loop broke")
		})
	}()
	first := <-starts
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}
	for len(want) < 12 {
		want = append(want, min(2*want[len(want)-1], maxRestartWait))
	}
	last := first
	for i, wait := range want {
		awaitTimer(t, clk)
		clk.Advance(wait - time.Millisecond)
		select {
		case at := <-starts:
			t.Fatalf("restart %d came %v after the panic; want %v", i+1, at.Sub(last), wait)
		default:
		}
		clk.Advance(time.Millisecond)
		last = <-starts
	}
	if n := m.Panics(); n != int64(len(want)+1) {
		t.Errorf("Panics() = %d, want %d", n, len(want)+1)
	}
	awaitTimer(t, clk)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("guard = %v after ctx ended, want nil", err)
	}
}

// awaitTimer waits until someone waits on the fake clock.
func awaitTimer(t *testing.T, clk *clocktest.Clock) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); clk.Waiters() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("nobody waits on the clock")
		}
	}
}
