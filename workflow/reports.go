package workflow

import (
	"fmt"
	"regexp"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// SchemaFile is the name the order language's JSON Schema is attached
// under, beside the order template that points editors to it.
const SchemaFile = "orders.schema.json"

// ReportMail renders a player's view as their report mail, in the form
// their seat's mail preferences ask for: text and HTML alternatives with
// the map inline, or text alone, and as attachments the JSON report, the
// battle logs, the next turn's order template and the schema it refers to.
// clocks are those of the open turn (openClocks), for a report of a turn
// that waits.
func (m *Moderation) ReportMail(c *store.Campaign, v game.View, s *store.Seat, clocks []game.Clock) (Outgoing, error) {
	return m.ReportMailDue(c, v, s, deadlineOf(c, s.Player), clocks)
}

// ReportMails renders the report mail of each view whose seat is given,
// all at once: they are independent, and rendering them is most of the
// time a turn takes.
func (m *Moderation) ReportMails(c *store.Campaign, res *game.Result, seats []*store.Seat, clocks []game.Clock) ([]Outgoing, error) {
	reps := make([]Outgoing, len(res.Views))
	err := EachIndex(len(res.Views), func(i int) error {
		if seats[i] == nil {
			return nil
		}
		var err error
		reps[i], err = m.ReportMail(c, res.Views[i], seats[i], clocks)
		return err
	})
	return reps, err
}

// ReportMailDue is reportMail for a report that gives deadline: a report
// held for a digest keeps the deadline of the turn it opened.
func (m *Moderation) ReportMailDue(c *store.Campaign, v game.View, s *store.Seat, deadline time.Time, clocks []game.Clock) (Outgoing, error) {
	rs, err := m.Ruleset(c)
	if err != nil {
		return Outgoing{}, err
	}
	prefs := seatPrefs(c, s.Player)
	rep, err := rs.Report(v, game.ReportOptions{Deadline: deadline, Location: SeatLocation(c, s), SchemaRef: SchemaFile, Mail: &prefs, Page: m.pageOf(c, s), Clocks: clocks})
	if err != nil {
		return Outgoing{}, err
	}
	id := fmt.Sprintf("report.%s.t%d.%s@%s", c.ID, v.Header().Resolved, s.Player, m.domain)
	msg := m.NewMail(s.Email, rep.Subject, rep.Text, id)
	msg.AutoSubmitted = "auto-generated"
	msg.HTML = rep.HTML
	msg.Attachments = reportAttachments(prefs, rep.Attachments)
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "report"}, nil
}

// openClocks reads the clocks of what the open turn of campaign c, whose
// state is st, may wait on (clocksOf).
func (m *Moderation) openClocks(c *store.Campaign, st *campaign.State) ([]game.Clock, error) {
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return nil, err
	}
	return clocksOf(cases, st.Polls, m.clock.Now()), nil
}

// clocksOf are the clocks of the battle cases not settled, each with its
// contact deadline while that has not passed at now, and of the polls.
func clocksOf(cases []*store.BattleCase, polls []campaign.Poll, now time.Time) []game.Clock {
	var out []game.Clock
	for _, bc := range cases {
		if bc.Status == store.BattleFinal {
			continue
		}
		clock := game.Clock{ID: bc.ID, Until: bc.ResolveBy}
		if now.Before(bc.ContactBy) {
			clock.Contact = bc.ContactBy
		}
		out = append(out, clock)
	}
	for _, p := range polls {
		out = append(out, game.Clock{ID: p.ID, Until: p.Closes})
	}
	return out
}

// CampaignLocation returns the time zone of campaign c, in which the GM
// reads times, and every player alike.
func CampaignLocation(c *store.Campaign) *time.Location {
	loc, err := c.Schedule.Location()
	if err != nil {
		return time.UTC
	}
	return loc
}

// SeatLocation returns the time zone the player of seat s reads times in:
// the seat's own if set and valid, else the campaign's, as for a nil s.
// The seat holds a player's contact, address and zone; the scenario's
// copy in the state (campaign.Player) only seats the player.
func SeatLocation(c *store.Campaign, s *store.Seat) *time.Location {
	if s == nil {
		return CampaignLocation(c)
	}
	return Zone(s.TimeZone, CampaignLocation(c))
}

// LocalTime writes t for a mail to seat s of campaign c, in the seat's
// time zone, or in the campaign's for a nil s (the GM, or every player
// alike), with UTC beside it: every time a mail shows is written so.
func LocalTime(c *store.Campaign, s *store.Seat, t time.Time) string {
	if s == nil {
		return report.FormatDeadline(t, CampaignLocation(c))
	}
	return report.FormatDeadline(t, SeatLocation(c, s))
}

// utcStamps matches the times internal records write (utcStamp), which
// the GM's status shows in the campaign's time zone (localStamps).
var utcStamps = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\b`)

// UTCStamp writes t for an internal record, such as the campaign's audit
// log: in UTC, as localStamps reads it back for a mail.
func UTCStamp(t time.Time) string { return t.UTC().Format(utcStampLayout) }

// utcStampLayout is how utcStamp writes a time.
const utcStampLayout = "2006-01-02 15:04 UTC"

// localStamps writes every utcStamp in text in the time zone loc, with
// UTC beside it, as a mail shows a time.
func localStamps(text string, loc *time.Location) string {
	return utcStamps.ReplaceAllStringFunc(text, func(s string) string {
		t, err := time.Parse(utcStampLayout, s)
		if err != nil {
			return s
		}
		return report.FormatDeadline(t, loc)
	})
}

// Zone returns the IANA time zone named name if it is set and valid, else
// fallback.
func Zone(name string, fallback *time.Location) *time.Location {
	if name != "" {
		if loc, err := time.LoadLocation(name); err == nil {
			return loc
		}
	}
	return fallback
}

// PastReport is a report as its player received it.
type PastReport struct {
	Ruleset  game.Ruleset
	View     game.View
	Deadline time.Time
	Location *time.Location
}

// Options are the options Ruleset.Render needs to render the report as
// its mail did: its deadline, time zone and schema reference.
func (r *PastReport) Options() game.ReportOptions {
	return game.ReportOptions{Deadline: r.Deadline, Location: r.Location, SchemaRef: SchemaFile}
}

// ReportOf rebuilds a player's turn n report, the one that opened turn n
// of a campaign (1: the first report, when the campaign started), from the
// stored state and events, so a GM can see exactly what the player saw.
func ReportOf(db *store.DB, rules *game.Registry, id campaign.ID, player campaign.PlayerID, n int) (*PastReport, error) {
	var (
		c   *store.Campaign
		rec *store.TurnRecord
	)
	err := db.View(func(tx *store.Tx) error {
		var err error
		if c, err = tx.Campaign(id); err != nil {
			return err
		}
		rec, err = tx.Turn(id, n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("turn %d report of %s: %w", n, player, err)
	}
	rs, err := rules.Lookup(c.Rules)
	if err != nil {
		return nil, fmt.Errorf("turn %d report of %s: %w", n, player, err)
	}
	events, err := StoredEvents(rec)
	if err != nil {
		return nil, fmt.Errorf("turn %d report of %s: read events: %w", n, player, err)
	}
	if rec.SettledTold {
		// The report opened the turn once its battles were settled
		// (openingReports), and told of them.
		settled, err := settledEvents(rec)
		if err != nil {
			return nil, fmt.Errorf("turn %d report of %s: %w", n, player, err)
		}
		events = append(events, settled...)
	}
	for _, v := range rs.Replay(rec.State, events) {
		if v.Header().Player == player {
			return &PastReport{Ruleset: rs, View: v, Deadline: rec.Deadline, Location: SeatLocation(c, c.Seat(player))}, nil
		}
	}
	return nil, fmt.Errorf("turn %d report of %s: campaign %s has no such player", n, player, id)
}
