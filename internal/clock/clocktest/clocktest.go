// Package clocktest provides a fake clock.Clock whose time moves only when a
// test says so; Advance and AdvanceTo fire the timers that fall due.
package clocktest

import (
	"sync"
	"time"

	"github.com/pbemd/pbemd/internal/clock"
)

// Clock is a fake clock. The zero value is not usable; call New.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
}

var _ clock.Clock = (*Clock)(nil)

// New returns a fake clock that reads start until advanced.
func New(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the fake time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer returns a timer that fires when the fake time reaches now+d.
func (c *Clock) NewTimer(d time.Duration) clock.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{c: c, at: c.now.Add(d), ch: make(chan time.Time, 1)}
	if d <= 0 {
		t.ch <- c.now
		return t
	}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the fake time forward by d and fires every timer due.
func (c *Clock) Advance(d time.Duration) { c.AdvanceTo(c.Now().Add(d)) }

// AdvanceTo moves the fake time to t (never backwards) and fires every timer
// due by then.
func (c *Clock) AdvanceTo(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
	kept := c.timers[:0]
	for _, tm := range c.timers {
		if tm.at.After(c.now) {
			kept = append(kept, tm)
			continue
		}
		tm.ch <- c.now
	}
	c.timers = kept
}

// Waiters reports how many timers are waiting, so a test can wait until a
// loop has gone to sleep before it advances the clock.
func (c *Clock) Waiters() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

type timer struct {
	c  *Clock
	at time.Time
	ch chan time.Time
}

func (t *timer) C() <-chan time.Time { return t.ch }

func (t *timer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for i, tm := range t.c.timers {
		if tm == t {
			t.c.timers = append(t.c.timers[:i], t.c.timers[i+1:]...)
			return true
		}
	}
	return false
}
