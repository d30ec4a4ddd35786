package moderator

import (
	"context"
	"sync"
)

// senderHold holds the sender back while due turns resolve. On a machine
// of a few cores, resolving a thousand campaigns that share a deadline
// keeps every core busy; the sender, and the mail servers it hands the
// reports to, would take cores from it and delay the last turn. The mails
// of a turn are in the outbox once it is committed, so the sender loses
// nothing by waiting: it sends them all once the due turns are resolved.
type senderHold struct {
	mu sync.Mutex
	n  int
	// free is closed when n drops to 0; nil while nothing holds.
	free chan struct{}
}

// hold holds the sender back until the returned release is called.
func (h *senderHold) hold() (release func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == 0 {
		h.free = make(chan struct{})
	}
	h.n++
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.n--; h.n == 0 {
			close(h.free)
			h.free = nil
		}
	}
}

// wait returns once nothing holds the sender back, or ctx is done.
func (h *senderHold) wait(ctx context.Context) error {
	h.mu.Lock()
	free := h.free
	h.mu.Unlock()
	if free == nil {
		return nil
	}
	select {
	case <-free:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
