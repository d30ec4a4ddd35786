// Package clock is the daemon's only source of "now". Everything that waits or
// stamps time takes a Clock, so tests can run a month of deadlines in a second
// with clocktest.Clock.
package clock

import (
	"context"
	"time"
)

// Clock tells the time and makes timers.
type Clock interface {
	Now() time.Time
	NewTimer(d time.Duration) Timer
}

// Timer is the part of *time.Timer that pbemd uses.
type Timer interface {
	C() <-chan time.Time
	Stop() bool
}

// System is the real clock.
type System struct{}

// Now returns the current wall-clock time.
func (System) Now() time.Time { return time.Now() }

// NewTimer returns a real timer that fires after d.
func (System) NewTimer(d time.Duration) Timer { return sysTimer{time.NewTimer(d)} }

type sysTimer struct{ t *time.Timer }

func (s sysTimer) C() <-chan time.Time { return s.t.C }
func (s sysTimer) Stop() bool          { return s.t.Stop() }

// Sleep waits for d on c, or until ctx is done, and reports ctx's error if it
// ended first.
func Sleep(ctx context.Context, c Clock, d time.Duration) error {
	t := c.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C():
		return nil
	}
}
