package moderator_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/golden"
	"github.com/pbemd/pbemd/internal/mailtimes"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// mailStory plays a campaign by mail, step by step, and keeps every mail
// each reader gets at each step in a golden file,
// testdata/mails/<ruleset>/<n>-<step>.golden, as the reader reads it: the
// subject, the files attached and the text. The goldens read one after
// another as the players and the GM read their mail, so that what the
// mails say can be checked against each other and against the state; and
// every time each mail shows must be in its reader's time zone, with UTC
// beside it.
type mailStory struct {
	t   *testing.T
	h   *harness
	dir string
	// readers get mail in the story, in the order the goldens list them,
	// each with the time zone their mail is written in.
	readers []string
	zones   map[string]*time.Location
	// hide are texts a golden shows by name, such as tokens, which change
	// when the way they are drawn does: each text and its name.
	hide []string
	n    int
}

// newMailStory keeps the mails of h's campaign under testdata/mails/name.
func newMailStory(t *testing.T, h *harness, name string, zones map[string]*time.Location) *mailStory {
	s := &mailStory{t: t, h: h, dir: filepath.Join("testdata", "mails", name), zones: zones}
	s.readers = slices.Sorted(maps.Keys(zones))
	return s
}

// hideText names a text the goldens must not show as it is.
func (s *mailStory) hideText(text, name string) { s.hide = append(s.hide, text, name) }

// step reads the mails each reader gets after what the story just did,
// want[reader] of them, checks that no more came, and keeps them as the
// step's golden.
func (s *mailStory) step(name string, want map[string]int) {
	s.t.Helper()
	s.n++
	var b strings.Builder
	for _, u := range s.readers {
		var got []*received
		for range want[u] {
			got = append(got, s.h.next(u))
		}
		slices.SortStableFunc(got, func(a, b *received) int { return strings.Compare(a.Subject, b.Subject) })
		for _, m := range got {
			for _, p := range mailtimes.Check(m.Subject+"\n"+m.body(), s.zones[u]) {
				s.t.Errorf("step %s, mail to %s %q: %s", name, u, m.Subject, p)
			}
			fmt.Fprintf(&b, "== to %s: %s\n%s\n%s\n", u, m.Subject, s.attached(m), s.text(m))
		}
	}
	s.h.settle()
	for _, u := range s.readers {
		for s.h.inboxSize(u) > s.h.read[u] {
			s.t.Errorf("step %s: %s got %q, which the story did not expect", name, u, s.h.next(u).Subject)
		}
	}
	golden.Check(s.t, filepath.Join(s.dir, fmt.Sprintf("%02d-%s.golden", s.n, name)), []byte(b.String()))
}

// attached lists the files a mail carries, by name.
func (s *mailStory) attached(m *received) string {
	var names []string
	for k := range mailParts(s.t, m.raw) {
		if !strings.HasPrefix(k, "text/") {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return "(nothing attached)"
	}
	slices.Sort(names)
	return "attached: " + strings.Join(names, ", ")
}

// replyAddress matches the single-use reply address of a mail to the GM.
var replyAddress = regexp.MustCompile(`moderator\+[A-Za-z0-9_-]+@`)

// anyToken matches a token no name was given for (hideText): the GM's,
// a new seat's.
var anyToken = regexp.MustCompile(`\b[A-Z2-7]{4}(?:-[A-Z2-7]{4}){7}\b`)

// reportTables opens the tables of a report, which the rulesets' own
// goldens pin: a mail's golden keeps what comes before them.
var reportTables = regexp.MustCompile(`(?m)^(Your standing preferences \(prefs:\)|Empires|YOUR FLEETS)$`)

// text is a mail's text as the golden keeps it: its hidden texts named,
// and a report without its tables.
func (s *mailStory) text(m *received) string {
	text := m.body()
	for i := 0; i+1 < len(s.hide); i += 2 {
		text = strings.ReplaceAll(text, s.hide[i], s.hide[i+1])
	}
	text = replyAddress.ReplaceAllString(text, "moderator+<reply token>@")
	text = anyToken.ReplaceAllString(text, "<a token>")
	if loc := reportTables.FindStringIndex(text); loc != nil {
		text = text[:loc[0]] + "[the report's tables]\n"
	}
	return text
}

// TestMailKindsThunderdome keeps every kind of mail a Thunderdome IV
// campaign sends, as its players and GM read it, in a campaign kept in
// Tokyo time whose players fight their battles and report them: the
// welcomes and first reports, refusals, statuses, a proxy, confirmations,
// the reports of a turn that waits on a battle and the battle's mails, a
// dispute and its settlement, the report that opens the next turn,
// extensions granted at once and by vote, a resignation, messages,
// reminders, a forfeit, the GM's commands, a turn held after an outage,
// and the last player's victory.
func TestMailKindsThunderdome(t *testing.T) {
	skipUnderRace(t)
	h := newThunderdomeStarted(t, "timezone: UTC", "timezone: Asia/Tokyo", "battles: auto ", "battles: reported ")
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	zones := map[string]*time.Location{"gm": tokyo, "stranger": tokyo}
	for _, p := range tdPlayers {
		zones[p] = tokyo
	}
	s := newMailStory(t, h, "thunderdome", zones)
	for p, token := range h.tokens {
		s.hideText(token, "<"+string(p)+"'s token>")
	}
	all := func(n int) map[string]int {
		w := map[string]int{}
		for _, p := range tdPlayers {
			w[p] = n
		}
		return w
	}
	with := func(w map[string]int, more map[string]int) map[string]int {
		for k, v := range more {
			w[k] += v
		}
		return w
	}
	s.step("start", with(all(2), map[string]int{"gm": 1}))
	queue := tdQueue(h)
	first, second, third, fourth := queue[0], queue[1], queue[2], queue[3]
	_, to := h.tdCurrent()

	h.send(h.mailFrom(string(fourth), h.tdOrders(fourth, 1, true)))
	s.step("orders-not-due", map[string]int{string(fourth): 1})
	h.send(h.mailFrom(string(second), h.tdRequest(second, "command: status")))
	h.send(h.mailFrom(string(first), h.tdRequest(first, "command: status")))
	s.step("status", map[string]int{string(first): 1, string(second): 1})
	h.send(h.mailFrom("gm", h.gmRequest("command: status")))
	s.step("gm-status", map[string]int{"gm": 1})

	h.send(h.mailFrom(string(first), h.tdRequest(first, "command: proxy add stranger@example.test")))
	s.step("proxy-added", map[string]int{string(first): 1})
	h.send(h.mailFrom("stranger", strings.Replace(h.tdOrders(first, 1, false), "player: "+string(first), "player: "+string(second), 1)))
	s.step("proxy-for-another", map[string]int{"stranger": 1, string(first): 1})
	h.send(h.mailFrom(string(first), h.tdOrders(first, 1, false, "move: {fleet: f9, to: nowhere}")))
	s.step("orders-refused", map[string]int{string(first): 1})
	h.send(h.mailFrom("stranger", h.tdOrders(first, 1, false, fmt.Sprintf("move: {fleet: f2, to: %s}", to))))
	s.step("orders-by-proxy", map[string]int{"stranger": 1, string(first): 1})
	h.send(h.mailFrom(string(first), h.tdOrders(first, 1, false, "move: {fleet: f9, to: nowhere}")))
	s.step("orders-refused-on-file", map[string]int{string(first): 1})

	defender := h.tdMeet(first, to)
	h.send(h.mailFrom(string(first), h.tdOrders(first, 1, true, fmt.Sprintf("move: {fleet: f1, to: %s}", to))))
	s.step("final-battle", with(all(1), map[string]int{string(first): 2, string(defender): 1}))
	h.send(h.mailFrom(string(defender), h.tdOrders(defender, 2, true)))
	h.send(h.mailFrom(string(third), h.tdRequest(third, "command: status")))
	h.send(h.mailFrom("gm", h.gmRequest("command: status")))
	s.step("waiting", map[string]int{string(defender): 1, string(third): 1, "gm": 1})
	h.send(h.mailFrom(string(defender), h.tdRequest(defender, "battle: T1-B1", "contact: true")))
	s.step("battle-contact", map[string]int{string(defender): 1})
	h.send(h.mailFrom(string(defender), h.tdRequest(defender, `extension: {hours: 168, battle: T1-B1, reason: "family visit", real_life: true}`)))
	s.step("battle-week", map[string]int{string(defender): 1, string(first): 1, "gm": 1})
	h.send(h.mailFrom(string(first), h.tdRequest(first, destroyed(h, defender)...)))
	s.step("battle-result", map[string]int{string(first): 1, string(defender): 1})
	h.send(h.mailFrom(string(defender), h.tdRequest(defender, destroyed(h, first)...)))
	s.step("battle-disputed", map[string]int{string(defender): 1})
	h.send(h.mailFrom(string(first), h.tdRequest(first, "battle: T1-B1", "confirm: true")))
	s.step("battle-settled", with(all(2), map[string]int{string(first): 1}))

	due, _ := h.tdCurrent()
	h.send(h.mailFrom(string(due), h.tdRequest(due, `extension: {hours: 168, reason: "moving house", real_life: true}`)))
	s.step("extension-real-life", with(all(1), map[string]int{"gm": 1}))
	h.send(h.mailFrom(string(due), h.tdRequest(due, `extension: {hours: 72, reason: "still moving"}`)))
	s.step("extension-to-vote", all(1))
	voter := tdOthers(due)[0]
	h.send(h.mailFrom(voter, h.tdRequest(campaign.PlayerID(voter), fmt.Sprintf("command: vote extension-%s-2 yes", due))))
	s.step("vote-counted", map[string]int{voter: 1})

	h.send(h.mailFrom(string(fourth), h.tdRequest(fourth, "command: resign")))
	code := resignCodeOf(t, h.next(string(fourth)))
	h.read[string(fourth)]--
	s.hideText(code, "<resign code>")
	s.step("resign-asked", map[string]int{string(fourth): 1})
	h.send(h.mailFrom(string(fourth), h.tdRequest(fourth, "command: resign "+code)))
	s.step("resigned", with(all(1), map[string]int{"gm": 1}))
	h.send(h.mailFrom(string(fourth), h.tdRequest(fourth, fmt.Sprintf("command: vote extension-%s-2 yes", due))))
	s.step("resigned-votes", map[string]int{string(fourth): 1})
	last := tdOthers(due)[1]
	if last == string(fourth) {
		last = tdOthers(due)[2]
	}
	h.send(h.mailFrom(last, h.tdRequest(campaign.PlayerID(last), fmt.Sprintf("command: vote extension-%s-2 yes", due))))
	s.step("vote-decided", with(map[string]int{string(first): 1, string(second): 1, string(third): 1}, map[string]int{last: 1}))

	h.send(h.mailFrom(string(first), h.tdRequest(first, "command: propose rule No battles in nebulae.")))
	s.step("rule-proposed", map[string]int{string(first): 1, string(second): 1, string(third): 1})
	h.send(h.mailFrom(string(second), h.tdRequest(second, "command: vote rule-1 no")))
	h.send(h.mailFrom(string(third), h.tdRequest(third, "command: vote rule-1 no")))
	s.step("rule-refused", map[string]int{string(first): 1, string(second): 2, string(third): 2})
	h.send(h.mailFrom(string(third), h.tdRequest(third, "command: message "+string(due), "text: |", "  Shall we split the rim?")))
	s.step("message", map[string]int{string(third): 1, string(due): 1})
	h.send(h.mailFrom(string(third), h.tdRequest(third, "command: mail", "report: text", "attachments: none")))
	s.step("mail-prefs", map[string]int{string(third): 1})
	h.send(h.mailFrom(string(third), h.tdRequest(third, "command: report")))
	s.step("report-again", map[string]int{string(third): 1})

	c := h.tdCampaign()
	h.advanceTo(c.Seat(due).Deadline.Add(-24 * time.Hour))
	s.step("reminder", map[string]int{string(due): 1})
	h.advanceTo(c.Seat(due).Deadline)
	s.step("forfeit", map[string]int{string(first): 1, string(second): 1, string(third): 1})

	h.send(h.mailFrom("gm", h.gmRequest("command: pause", "text: Back on Monday.")))
	s.step("gm-pause", map[string]int{"gm": 1, string(first): 1, string(second): 1, string(third): 1})
	h.advanceTo(h.clock.Now().Add(5 * time.Hour))
	h.send(h.mailFrom("gm", h.gmRequest("command: resume")))
	s.step("gm-resume", map[string]int{"gm": 1, string(first): 1, string(second): 1, string(third): 1})
	h.send(h.mailFrom("gm", h.gmRequest("command: broadcast", "text: The map has a new lane.")))
	s.step("gm-broadcast", map[string]int{"gm": 1, string(first): 1, string(second): 1, string(third): 1})

	c = h.tdCampaign()
	h.stop()
	h.advanceTo(c.Deadline().Add(6 * time.Hour))
	h.restart()
	s.step("held-after-outage", map[string]int{"gm": 1})
	h.send(h.mailFrom("gm", h.gmRequest("command: status")))
	s.step("gm-status-held", map[string]int{"gm": 1})
	h.send(h.mailFrom("gm", h.gmRequest("command: deadline +48h")))
	s.step("gm-deadline", map[string]int{"gm": 1, string(first): 1, string(second): 1, string(third): 1})

	winner, _ := h.tdCurrent()
	codes := map[string]string{}
	for _, p := range tdOthers(winner) {
		if p != string(fourth) {
			h.send(h.mailFrom(p, h.tdRequest(campaign.PlayerID(p), "command: resign")))
			codes[p] = resignCodeOf(t, h.next(p))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(codes)) {
		h.send(h.mailFrom(p, h.tdRequest(campaign.PlayerID(p), "command: resign "+codes[p])))
	}
	// The first to resign hears of the second, who leaves one player on
	// the map: the campaign ends, and everyone gets its last report.
	s.step("last-player-wins", map[string]int{"gm": 3, string(winner): 3, string(first): 2, string(second): 3, string(fourth): 1})
}

// tdQueue is the Thunderdome IV campaign's turn order from the open turn.
func tdQueue(h *harness) []campaign.PlayerID {
	return thunderdome.Ruleset{}.Queue(h.turnStateOf("thunderdome", h.tdCampaign().Turn))
}

// tdRequest writes a Thunderdome IV request mail's body: a command, an
// extension or a battle's result.
func (h *harness) tdRequest(p campaign.PlayerID, lines ...string) string {
	return fmt.Sprintf("campaign: thunderdome\nplayer: %s\ntoken: %s\n%s\n", p, h.tokens[p], strings.Join(lines, "\n"))
}

// gmRequest writes a GM's command mail's body for the Thunderdome IV
// campaign.
func (h *harness) gmRequest(lines ...string) string {
	return fmt.Sprintf("campaign: thunderdome\ntoken: %s\n%s\n", h.gmTokenOf("thunderdome"), strings.Join(lines, "\n"))
}

// TestMailKindsEmpiresAtWar keeps every kind of mail an Empires at War
// campaign sends, as its players and GM read it, each player in their own
// time zone and the GM in the campaign's: the welcomes and first reports,
// confirmations and refusals, a proxy, statuses, an extension the GM
// grants by replying, the GM's status and commands, a battle the sides
// fight and report, messages, a resignation, reminders, a turn held
// after an outage, and a player dropped by the GM.
func TestMailKindsEmpiresAtWar(t *testing.T) {
	skipUnderRace(t)
	h := newHarness(t)
	zones := map[string]*time.Location{}
	for _, u := range []string{"gm", "tekkar"} {
		zones[u] = time.UTC
	}
	for u, z := range map[string]string{"vorn": "Europe/Berlin", "castellan": "America/New_York", "stranger": "America/New_York", "ashari": "Asia/Tokyo"} {
		loc, err := time.LoadLocation(z)
		if err != nil {
			t.Fatal(err)
		}
		zones[u] = loc
	}
	s := newMailStory(t, h, "eaw", zones)
	for p, token := range h.tokens {
		s.hideText(token, "<"+string(p)+"'s token>")
	}
	each := func(n int, more map[string]int) map[string]int {
		w := map[string]int{}
		for _, p := range players {
			w[p] = n
		}
		for k, v := range more {
			w[k] += v
		}
		return w
	}
	ask := func(p string, lines ...string) {
		h.send(h.mailFrom(p, fmt.Sprintf("campaign: frontier\nplayer: %s\ntoken: %s\n%s\n", p, h.tokens[campaign.PlayerID(p)], strings.Join(lines, "\n"))))
	}
	s.step("start", each(2, map[string]int{"gm": 1}))
	gmToken := h.gmTokenOf("frontier")
	gm := func(lines ...string) {
		h.send(h.mailFrom("gm", fmt.Sprintf("campaign: frontier\ntoken: %s\n%s\n", gmToken, strings.Join(lines, "\n"))))
	}
	h.fightReported()

	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 2nd, path: [mistral, meridian]}")))
	s.step("orders", map[string]int{"vorn": 1})
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, false, "move: {fleet: 9th, path: [mistral]}")))
	s.step("orders-refused", map[string]int{"vorn": 1})
	h.send(h.mailFrom("vorn", h.orders("vorn", 1, true, "move: {fleet: 2nd, path: [mistral, meridian]}")))
	s.step("orders-final", map[string]int{"vorn": 1})
	ask("castellan", "command: proxy add stranger@example.test")
	s.step("proxy-added", map[string]int{"castellan": 1})
	h.send(h.mailFrom("stranger", strings.Replace(h.orders("castellan", 1, false), "player: castellan", "player: ashari", 1)))
	s.step("proxy-for-another", map[string]int{"stranger": 1, "castellan": 1})
	h.send(h.mailFrom("stranger", h.orders("castellan", 1, true, "move: {fleet: 3rd, path: [quillon, aurora, meridian]}")))
	s.step("orders-by-proxy", map[string]int{"stranger": 1, "castellan": 1})
	ask("ashari", "command: status")
	ask("vorn", "command: status")
	s.step("status", map[string]int{"ashari": 1, "vorn": 1})

	ask("ashari", `extension: {hours: 48, reason: "travel"}`)
	s.step("extension-asked", map[string]int{"ashari": 1, "gm": 1})
	ext := h.lastTo("gm")
	h.replyTo("gm", ext, "approve 24h\n\nSafe travels.")
	s.step("extension-approved", each(1, map[string]int{"gm": 1}))
	gm("command: status")
	s.step("gm-status", map[string]int{"gm": 1})
	gm("command: process")
	s.step("gm-process-battle", each(1, map[string]int{"gm": 1, "vorn": 1, "castellan": 1}))

	ask("vorn", "battle: T1-B1", "result: {ships: [{ship: castellan#1, fate: destroyed}], vp: {vorn: 80}}")
	s.step("battle-result", map[string]int{"vorn": 1, "castellan": 1})
	ask("castellan", "battle: T1-B1", "confirm: true")
	s.step("battle-settled", each(1, map[string]int{"castellan": 1}))

	ask("ashari", "command: message all", "anonymous: true", "text: Beware the Horde.")
	s.step("message", map[string]int{"ashari": 1, "vorn": 1, "castellan": 1, "tekkar": 1})
	ask("tekkar", "command: resign")
	code := resignCodeOf(t, h.next("tekkar"))
	h.read["tekkar"]--
	s.hideText(code, "<resign code>")
	s.step("resign-asked", map[string]int{"tekkar": 1})
	ask("tekkar", "command: resign "+code)
	s.step("resigned", each(1, map[string]int{"gm": 1}))

	c := h.campaign()
	h.advanceTo(c.Deadline().Add(-24 * time.Hour))
	s.step("reminder", map[string]int{"vorn": 1, "castellan": 1, "ashari": 1})
	h.advanceTo(c.Deadline())
	s.step("deadline", map[string]int{"vorn": 2, "castellan": 2, "ashari": 1})
	gm("command: pause", "text: Back on Monday.")
	s.step("gm-pause", map[string]int{"gm": 1, "vorn": 1, "castellan": 1, "ashari": 1})
	h.advanceTo(h.clock.Now().Add(5 * time.Hour))
	gm("command: resume")
	s.step("gm-resume", map[string]int{"gm": 1, "vorn": 1, "castellan": 1, "ashari": 1})
	gm("command: broadcast", "text: The map has a new lane.")
	s.step("gm-broadcast", map[string]int{"gm": 1, "vorn": 1, "castellan": 1, "ashari": 1})
	c = h.campaign()
	h.stop()
	h.advanceTo(c.Deadline().Add(6 * time.Hour))
	h.restart()
	s.step("held-after-outage", map[string]int{"gm": 1})
	gm("command: status")
	s.step("gm-status-held", map[string]int{"gm": 1})
	gm("command: deadline 2026-12-10 18:00")
	s.step("gm-deadline", map[string]int{"gm": 1, "vorn": 1, "castellan": 1, "ashari": 1})
	gm("command: drop ashari")
	s.step("gm-drop", map[string]int{"gm": 1, "ashari": 1})
	ask("ashari", "command: status")
	s.step("dropped-asks", map[string]int{"ashari": 1})
}

// lastTo is the last mail a user read.
func (h *harness) lastTo(user string) *received {
	h.t.Helper()
	h.read[user]--
	return h.next(user)
}
