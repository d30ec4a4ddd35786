package moderator_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/store"
)

// TestOrdersCountByArrivalAcrossADaemonOutage: the daemon is stopped
// before the deadline and started again after it, within the outage
// grace. Orders that reached the inbox before the deadline count for the
// turn, and the turn is resolved with them; orders that arrived after it
// are refused as late, saying when each happened.
func TestOrdersCountByArrivalAcrossADaemonOutage(t *testing.T) {
	h, _ := newGMHarness(t)
	deadline := h.campaign().Deadline()
	h.stop()
	h.advanceTo(deadline.Add(-time.Hour))
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral]}")))
	inTime := h.lastID
	h.advanceTo(deadline.Add(5 * time.Minute))
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true)))
	late := h.lastID
	h.advanceTo(deadline.Add(10 * time.Minute))
	h.restart()

	h.next("vorn").want(t, "accepted", "turn 1")
	h.next("castellan").want(t, "not accepted", "The deadline of turn 1 passed at Thu 26 Nov 2026 15:00 EST (20:00 UTC), before these orders arrived (Thu 26 Nov 2026 15:05 EST (20:05 UTC))")
	report := h.next("vorn")
	report.want(t, "Turn 2 report", "2nd")
	report.wantNot(t, "Vorn Tal (vorn) sent no orders")
	for _, p := range []string{"castellan", "ashari", "tekkar"} {
		r := h.next(p)
		r.want(t, "Turn 2 report", "(castellan) sent no orders for turn 1")
		r.wantNot(t, "(vorn) sent no orders")
	}
	if rec := h.onFile("vorn", 1); rec == nil || !rec.Received.Equal(deadline.Add(-time.Hour)) {
		t.Errorf("vorn's orders on file for turn 1 = %+v, want them, received an hour before the deadline", rec)
	}
	if rec := h.outcome(inTime); rec.Outcome != store.Accepted || !rec.Arrived.Equal(deadline.Add(-time.Hour)) {
		t.Errorf("vorn's mail: outcome %s, arrived %v; want accepted, arrived an hour before the deadline", rec.Outcome, rec.Arrived)
	}
	if rec := h.outcome(late); rec.Outcome != store.Rejected || h.onFile("castellan", 1) != nil {
		t.Errorf("castellan's late mail: outcome %s; want rejected, nothing on file", rec.Outcome)
	}
	if c := h.campaign(); c.Turn != 2 {
		t.Errorf("campaign at turn %d after the restart, want 2", c.Turn)
	}
	h.quiet(append(players, "gm")...)
}

// TestTurnWaitsForAnInboxThatCannotBeRead: the IMAP server stops
// answering before the deadline, with a player's orders delivered in
// time. The turn is not resolved while the inbox cannot be read; once it
// can, the orders count and the turn is resolved with them. An inbox
// that stays unreadable past the outage grace holds the turn for the GM.
func TestTurnWaitsForAnInboxThatCannotBeRead(t *testing.T) {
	t.Parallel()
	fh := newFaultHarness(t, nil)
	for _, p := range players {
		fh.nextAdvancing(p).want(t, "Welcome")
		fh.nextAdvancing(p).want(t, "report")
	}
	fh.nextAdvancing("gm").want(t, "You are the GM of")
	deadline := fh.campaign().Deadline()
	fh.advanceTo(deadline.Add(-time.Minute))
	fh.imap.Refuse()
	fh.imap.Cut()
	fh.send(fh.mailFrom("vorn", fh.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral]}")))
	fh.advanceTo(deadline.Add(5 * time.Minute))
	fh.waitFor("the scheduler to see the deadline", func() bool { return fh.logs.count(logIMAPFailing) >= 1 })
	if c := fh.campaign(); c.Turn != 1 {
		t.Fatalf("turn %d resolved while the inbox could not be read", c.Turn)
	}

	// Back up, intake reconnects once its backoff ends: move the clock on
	// a backoff's length at a time and give it real time to connect, well
	// within the outage grace.
	fh.imap.Pass()
	connected := fh.logs.count(logIMAPWorks)
	for step := 0; fh.logs.count(logIMAPWorks) == connected; step++ {
		if step == 4 {
			t.Fatal("intake did not connect again within 20 minutes of fake time")
		}
		fh.clock.Advance(5 * time.Minute)
		for wait := time.Now().Add(3 * time.Second); fh.logs.count(logIMAPWorks) == connected && time.Now().Before(wait); {
			time.Sleep(time.Millisecond)
		}
	}
	fh.waitFor("the turn", func() bool { return fh.campaign().Turn == 2 })
	fh.nextWith("vorn", "accepted").want(t, "turn 1")
	fh.nextWith("vorn", "Turn 2 report")
	if rec := fh.onFile("vorn", 1); rec == nil {
		t.Error("vorn's orders, delivered before the deadline, are not on file for turn 1")
	}

	// Turn 2: the inbox stays unreadable past the outage grace.
	deadline = fh.campaign().Deadline()
	fh.advanceTo(deadline.Add(-time.Minute))
	fh.imap.Refuse()
	fh.imap.Cut()
	fh.advanceTo(deadline.Add(time.Hour))
	fh.nextWith("gm", "waiting for you").want(t, "pbemd could not read its inbox when the deadline of turn 2", "command: process")
	if c := fh.campaign(); c.Turn != 2 || c.HeldSince.IsZero() {
		t.Errorf("campaign at turn %d, held since %v; want turn 2 held", c.Turn, c.HeldSince)
	}
}

// nextWith returns the next mail to a user whose subject holds part,
// skipping those before it (reminders, say).
func (h *harness) nextWith(user, part string) *received {
	h.t.Helper()
	for {
		if r := h.next(user); strings.Contains(r.Subject, part) {
			return r
		}
	}
}
