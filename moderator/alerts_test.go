package moderator_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/pbemd/pbemd/store"
)

// TestMadeUpFromLinesCannotFloodTheGM: 40 mails, each from an address
// made up for it, name the campaign with a made-up token and command:
// pause. The GM hears of the first 3 one by one and, when the hour is
// over, of the other 37 in one summary; nothing changes, and the next hour
// starts a new count.
func TestMadeUpFromLinesCannotFloodTheGM(t *testing.T) {
	h, _ := newGMHarness(t)
	started := h.clock.Now()
	forge := func(i int) {
		h.send(fmt.Sprintf("From: forger%d@elsewhere.test\nTo: moderator@example.test\nSubject: pause\nMessage-ID: <forged%d@elsewhere.test>\nContent-Type: text/plain; charset=utf-8\n\n"+
			"campaign: frontier\ntoken: AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH\ncommand: pause\n", i, i))
	}
	for i := range 40 {
		forge(i)
	}
	for i := range 3 {
		h.next("gm").want(t, "Refused: an attempt to act as the GM", fmt.Sprintf("forger%d@elsewhere.test, who plays no seat", i))
	}
	h.quiet("gm")
	h.advanceTo(started.Add(time.Hour))
	h.next("gm").want(t, "37 more refused mails since", "Nothing changed", "pbemd's log lists each mail")
	h.quiet("gm")
	if c := h.campaign(); c.Status != store.Running {
		t.Errorf("campaign %s after the forged pauses; want it running", c.Status)
	}
	// A new hour, a new count.
	forge(40)
	h.next("gm").want(t, "forger40@elsewhere.test, who plays no seat")
	h.quiet("gm")
}
