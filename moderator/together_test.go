package moderator_test

import (
	"regexp"
	"testing"
)

// TestMailArrivingTogether: mails that arrive together, while the daemon
// is down, are handled in one pass, and answered as if one by one: the
// second orders of a player replace the first, a mail sent twice is
// answered once, and the GM's status, mailed last, lists the orders
// filed by the mails before it.
func TestMailArrivingTogether(t *testing.T) {
	h, token := newGMHarness(t)
	h.stop()
	first := h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}"))
	h.send(first)
	h.send(h.mailFrom("castellan", h.orders("castellan", 1, true)))
	h.send(first)
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 1st, path: [ferrum]}", "build: {units: [frigate], fleet: 7th, mp: 0}")))
	h.send(h.mailFrom("gm", "campaign: frontier\ntoken: "+token+"\ncommand: status\n"))
	h.restart()

	h.next("vorn").want(t, "accepted", "1st")
	h.next("vorn").want(t, "accepted", "7th", "They replace the orders you sent earlier")
	h.next("castellan").want(t, "accepted")
	status := h.next("gm")
	status.want(t, "Status of turn 1")
	for _, line := range []string{`vorn +not final, 2 orders`, `castellan +final, 0 orders`} {
		if !regexp.MustCompile(line).MatchString(status.body()) {
			t.Errorf("the GM's status lacks %q:\n%s", line, status.body())
		}
	}
	h.quiet("vorn", "castellan", "gm")
}
