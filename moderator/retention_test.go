package moderator_test

import (
	"testing"
	"time"

	"github.com/pbemd/pbemd/store"
)

// TestRetentionDropsOldMailButRemembersIt: past the retention the daemon
// drops the stored copy of a processed mail, at start and then hourly,
// and keeps its record, so the same mail delivered again is still
// recognised and not answered twice (issue 12, item 6).
func TestRetentionDropsOldMailButRemembersIt(t *testing.T) {
	h, _ := newGMHarness(t)
	h.stop()
	h.retention = 24 * time.Hour
	h.restart()
	bad := h.orders("vorn", 1, true, "move: {fleet: 1st, path: [nowhere]}")
	first := h.mailFrom("vorn", bad)
	firstID := h.lastID
	h.send(first)
	h.next("vorn").want(t, "not accepted")
	h.advanceTo(start.Add(12 * time.Hour))
	h.send(h.mailFrom("vorn", bad))
	secondID := h.lastID
	h.next("vorn").want(t, "not accepted")
	if len(h.outcome(firstID).Raw) == 0 || len(h.outcome(secondID).Raw) == 0 {
		t.Fatal("a rejected mail was stored without its copy")
	}
	kept := *h.outcome(firstID)

	// A daemon that starts a day after the first mail drops its copy at
	// once; the second is not a day old yet.
	h.stop()
	h.advanceTo(start.Add(25 * time.Hour))
	h.restart()
	h.await("the first mail's copy dropped", func() bool { return len(h.outcome(firstID).Raw) == 0 })
	got := h.outcome(firstID)
	if got.Outcome != store.Rejected || got.From != kept.From || got.Detail != kept.Detail || !got.Received.Equal(kept.Received) {
		t.Errorf("the first mail's record after its copy was dropped = %+v, want it as it was, %+v", got, kept)
	}
	if len(h.outcome(secondID).Raw) == 0 {
		t.Error("the second mail's copy was dropped before it was a day old")
	}

	// The first mail comes again: it is known, and not answered; the
	// status vorn asks for next is the next mail he gets.
	h.send(first)
	h.ask("vorn", "command: status").want(t, "Your status")

	// Hour by hour, the second mail's copy goes once it is a day old.
	for len(h.outcome(secondID).Raw) > 0 {
		if h.clock.Now().After(start.Add(48 * time.Hour)) {
			t.Fatalf("the second mail's copy is still stored at %v, a day and a half after it came", h.clock.Now())
		}
		h.clock.Advance(time.Hour)
		time.Sleep(10 * time.Millisecond)
	}
	if now := h.clock.Now(); now.Before(start.Add(36 * time.Hour)) {
		t.Errorf("the second mail's copy was dropped at %v, before it was a day old", now)
	}
}

// await polls cond until it holds, for at most patience.
func (h *harness) await(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			h.t.Fatalf("%s did not happen within %v", what, patience)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
