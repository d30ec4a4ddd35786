package workflow

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// A week for a battle without a vote: where the campaign decides by vote
// and its ruleset grants a week at once on a real-life claim
// (game.ExtensionPolicy; a campaign's own real_life_week does not), a
// side of a battle fought outside pbemd (or the player standing in for
// it) gets its clocks that still run moved on by that week, on a
// real-life claim, or when every side asks; once per side and clock, and
// for a request of a week at most. More time goes to the vote
// (proposeBattleTime).

// requestBattleWeek carries out an extension request that names a
// battle. A request that cannot be granted nor noted is refused with what
// to send instead, and changes nothing.
func (m *Moderation) requestBattleWeek(r *request) (Decision, error) {
	c, e := r.c, r.Sub.Extension
	week := m.rulesetGrant(c)
	if vote := m.decidesByVote(c); !vote || week == 0 {
		return r.refuse(report.NoBattleWeek{Battle: e.Battle, NoWeeks: true, Title: c.Title, Vote: vote})
	}
	bc, running, refusal, err := m.battleForWeek(r, week)
	switch {
	case err != nil:
		return Decision{}, err
	case refusal != nil:
		return r.refuse(refusal)
	}
	side := bc.Side(r.seat.Player)
	if e.RealLife {
		return m.grantBattleWeek(r, bc, running, side, true, week)
	}
	return m.everySideAsks(r, bc, running, side, week)
}

// battleForWeek finds the battle a request for a battle week names, with
// the clocks running on it, and says why the requester's side gets no
// week on it, if it gets none, for a week of week.
func (m *Moderation) battleForWeek(r *request, week time.Duration) (*store.BattleCase, []store.BattleClock, report.Text, error) {
	c, e, me := r.c, r.Sub.Extension, r.seat.Player
	cases, rec, err := m.battleCases(c)
	if err != nil {
		return nil, nil, nil, err
	}
	now := m.clock.Now()
	// A settled battle is named as settled; one no longer pending in the
	// open turn's state, as after a rollback past the turn that found it,
	// has no clock to move.
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool {
		return strings.EqualFold(b.ID, e.Battle) && (b.Status == store.BattleFinal || PendingBattle(b, rec.State))
	})
	if i < 0 {
		return nil, nil, report.NoBattleWeek{Battle: e.Battle, NoBattle: true, Open: openBattlesOf(cases, rec.State, now, me)}, nil
	}
	bc := cases[i]
	side, rule, hours := bc.Side(me), m.cite(c, game.TopicBattleTime), int(week/time.Hour)
	running := clocksOn(bc, now)
	var why report.Text
	switch {
	case side == "":
		why = report.NoBattleWeek{Battle: bc.ID, NotSide: true, Sides: joinPlayers(bc.Sides)}
	case bc.Status == store.BattleFinal:
		why = report.NoBattleWeek{Battle: bc.ID, Settled: true, How: bc.Settled}
	case underAppeal(bc, rec.State):
		why = report.NoBattleWeek{Battle: bc.ID, Appeal: bc.Appeal}
	case !now.Before(bc.ResolveBy):
		why = report.NoBattleWeek{Battle: bc.ID, TimeUp: true, ResolveBy: r.localTime(bc.ResolveBy),
			Fought: c.Moderation.Battles.Timeout == campaign.TimeoutAuto}
	case slices.ContainsFunc(running, func(clock store.BattleClock) bool { return hasWeek(bc.Weeks, side, clock) }):
		why = report.NoBattleWeek{Battle: bc.ID, Used: true, Contact: slices.Contains(running, store.ClockContact), Rule: rule}
	case e.Hours > hours:
		// The rules grant the week without a vote for a week asked;
		// fewer hours get the week, more go to the vote.
		why = report.NoBattleWeek{Battle: bc.ID, TooLong: true, Asked: e.Hours, Week: hours, Rule: rule}
	}
	return bc, running, why, nil
}

// everySideAsks grants side's request for a week on battle bc when every
// side has asked, for the clocks running that no other side had its week
// for already; else it asks the other sides.
func (m *Moderation) everySideAsks(r *request, bc *store.BattleCase, running []store.BattleClock, side campaign.PlayerID, week time.Duration) (Decision, error) {
	c, hours, rule := r.c, int(week/time.Hour), m.cite(r.c, game.TopicBattleTime)
	others := slices.DeleteFunc(slices.Clone(bc.Sides), func(p campaign.PlayerID) bool { return p == side })
	open := slices.DeleteFunc(slices.Clone(running), func(clock store.BattleClock) bool {
		return slices.ContainsFunc(others, func(p campaign.PlayerID) bool { return hasWeek(bc.Weeks, p, clock) })
	})
	agreed := slices.DeleteFunc(slices.Clone(open), func(clock store.BattleClock) bool {
		return slices.ContainsFunc(others, func(p campaign.PlayerID) bool { return !hasWeek(bc.WeekAsked, p, clock) })
	})
	// A side that left the campaign, with nobody standing in for it yet,
	// cannot ask too.
	left := slices.DeleteFunc(slices.Clone(others), func(p campaign.PlayerID) bool {
		s := c.Seat(bc.Voice(p))
		return s != nil && s.Active()
	})
	switch {
	case len(open) == 0:
		contact := slices.Contains(running, store.ClockContact)
		return r.refuse(report.NoBattleWeek{Battle: bc.ID, OtherUsed: true, Other: joinPlayers(others), Contact: contact, Week: hours, Rule: rule})
	case len(agreed) > 0:
		return m.grantBattleWeek(r, bc, agreed, side, false, week)
	case len(left) > 0:
		return r.refuse(report.NoBattleWeek{Battle: bc.ID, Left: true, Other: joinPlayers(left), Week: hours})
	case hasWeek(bc.WeekAsked, side, store.ClockSettle):
		return r.refuse(report.NoBattleWeek{Battle: bc.ID, Other: voices(bc, others), Week: hours})
	}
	return m.askBattleWeek(r, bc, side, others, open, hours)
}

// PendingBattle reports whether battle case b waits for its result in
// st, the open turn's state: it is not settled, and st still holds it (a
// rollback past the turn that found it leaves its case behind).
func PendingBattle(b *store.BattleCase, st *campaign.State) bool {
	return b.Status != store.BattleFinal && slices.ContainsFunc(st.Battles, func(p campaign.Battle) bool { return p.ID == b.ID })
}

// openBattlesOf lists the battles player p fights, or speaks for a side
// of, that a week may still be asked for at now: pending in st, not under
// appeal, and with time left to settle them.
func openBattlesOf(cases []*store.BattleCase, st *campaign.State, now time.Time, p campaign.PlayerID) []string {
	var open []string
	for _, b := range cases {
		if b.Side(p) != "" && PendingBattle(b, st) && !underAppeal(b, st) && now.Before(b.ResolveBy) {
			open = append(open, b.ID)
		}
	}
	return open
}

// weekBattles lists the battles player p may ask a week for in campaign
// c: none where the campaign grants no battle weeks.
func (m *Moderation) weekBattles(c *store.Campaign, p campaign.PlayerID) ([]string, error) {
	if !m.decidesByVote(c) || m.rulesetGrant(c) == 0 {
		return nil, nil
	}
	cases, rec, err := m.battleCases(c)
	if err != nil {
		return nil, err
	}
	return openBattlesOf(cases, rec.State, m.clock.Now(), p), nil
}

// clocksOn names the clocks of a battle a week moves on at now: the
// contact clock while it runs, and the clock to settle it.
func clocksOn(bc *store.BattleCase, now time.Time) []store.BattleClock {
	if now.Before(bc.ContactBy) {
		return []store.BattleClock{store.ClockContact, store.ClockSettle}
	}
	return []store.BattleClock{store.ClockSettle}
}

// moveClocks moves the named clocks of a battle on by more.
func moveClocks(bc *store.BattleCase, clocks []store.BattleClock, more time.Duration) {
	if slices.Contains(clocks, store.ClockContact) {
		bc.ContactBy = bc.ContactBy.Add(more)
	}
	if slices.Contains(clocks, store.ClockSettle) {
		bc.ResolveBy = bc.ResolveBy.Add(more)
	}
}

// hasWeek reports whether weeks holds one for side and clock.
func hasWeek(weeks []store.BattleWeek, side campaign.PlayerID, clock store.BattleClock) bool {
	return slices.ContainsFunc(weeks, func(w store.BattleWeek) bool { return w.Side == side && w.Clock == clock })
}

// battleDeadlines writes a battle's deadlines for the reader of seat s
// of campaign c, or the GM for nil s (localTime): the contact deadline
// only while its clock runs.
func battleDeadlines(c *store.Campaign, s *store.Seat, bc *store.BattleCase, now time.Time) (contactBy, resolveBy string) {
	if now.Before(bc.ContactBy) {
		contactBy = LocalTime(c, s, bc.ContactBy)
	}
	return contactBy, LocalTime(c, s, bc.ResolveBy)
}

// grantBattleWeek moves the battle's clocks on by a week and tells the
// battle's sides and the GM. The week counts against side alone, on its
// real-life claim, or else against every side, who all asked.
func (m *Moderation) grantBattleWeek(r *request, bc0 *store.BattleCase, clocks []store.BattleClock, side campaign.PlayerID, realLife bool, week time.Duration) (Decision, error) {
	c, me, now := r.c, r.seat.Player, m.clock.Now().UTC()
	sides := bc0.Sides
	if realLife {
		sides = []campaign.PlayerID{side}
	}
	bc := *bc0
	moveClocks(&bc, clocks, week)
	bc.Weeks = slices.Clone(bc.Weeks)
	for _, p := range sides {
		for _, clock := range clocks {
			bc.Weeks = append(bc.Weeks, store.BattleWeek{Side: p, Clock: clock, At: now})
		}
	}
	bc.WeekAsked = slices.DeleteFunc(slices.Clone(bc.WeekAsked), func(w store.BattleWeek) bool {
		return slices.Contains(sides, w.Side) && slices.Contains(clocks, w.Clock)
	})
	rule := m.cite(c, game.TopicBattleTime)
	how := "on " + string(me) + "'s real-life claim"
	if !realLife {
		how = "as every side asked"
	}
	apply := putBattle(c.ID, &bc, store.AuditEntry{At: now, Who: string(me), Action: "battle week granted",
		Detail: fmt.Sprintf("%s: %v +%dh %s, settle by %s", bc.ID, clocks, int(week/time.Hour), how, UTCStamp(bc.ResolveBy))})
	notice := func(s *store.Seat) report.Text {
		contactBy, resolveBy := battleDeadlines(c, s, &bc, now)
		return report.BattleWeekGranted{Battle: bc.ID, By: me, RealLife: realLife, ContactBy: contactBy, ResolveBy: resolveBy, Rule: rule}
	}
	mails := m.tellSides(c, &bc, me, r.In.MessageID, "battle-week", notice)
	if c.GM.Email != "" {
		mails = append(mails, m.ToGM(c, r.In.MessageID, "battle-week", notice(nil)))
	}
	contactBy, resolveBy := battleDeadlines(c, r.seat, &bc, now)
	answer := m.answer(r, report.BattleWeekAnswer{Battle: bc.ID, RealLife: realLife, Asked: r.Sub.Extension.Hours, Week: int(week / time.Hour),
		ContactBy: contactBy, ResolveBy: resolveBy, Rule: rule})
	return r.done("battle week granted", answer, Decision{Mails: mails, Apply: apply})
}

// askBattleWeek notes a side's request for a week (week hours) without a
// real-life claim, for the clocks that run, and tells the other sides how
// to agree.
func (m *Moderation) askBattleWeek(r *request, bc0 *store.BattleCase, side campaign.PlayerID, others []campaign.PlayerID, clocks []store.BattleClock, week int) (Decision, error) {
	c, me, now := r.c, r.seat.Player, m.clock.Now().UTC()
	bc := *bc0
	bc.WeekAsked = slices.Clone(bc.WeekAsked)
	for _, clock := range clocks {
		bc.WeekAsked = append(bc.WeekAsked, store.BattleWeek{Side: side, Clock: clock, At: now})
	}
	rule := m.cite(c, game.TopicBattleTime)
	apply := putBattle(c.ID, &bc, store.AuditEntry{At: now, Who: string(me), Action: "battle week asked",
		Detail: fmt.Sprintf("%s: %v, for %s", bc.ID, clocks, side)})
	mails := m.tellSides(c, &bc, me, r.In.MessageID, "battle-week", func(s *store.Seat) report.Text {
		contactBy, resolveBy := battleDeadlines(c, s, &bc, now)
		return report.BattleWeekAsked{Battle: bc.ID, By: me, Week: week, ContactBy: contactBy, ResolveBy: resolveBy, Rule: rule}
	})
	contactBy, resolveBy := battleDeadlines(c, r.seat, &bc, now)
	answer := m.answer(r, report.BattleWeekWaits{Battle: bc.ID, Other: voices(&bc, others), Week: week, ContactBy: contactBy, ResolveBy: resolveBy, Rule: rule})
	return r.done("battle week asked", answer, Decision{Mails: mails, Apply: apply})
}

// putBattle returns the step that stores a battle case and notes what
// changed in the campaign's audit log.
func putBattle(id campaign.ID, bc *store.BattleCase, audit store.AuditEntry) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		if err := tx.PutBattle(id, bc); err != nil {
			return err
		}
		return WriteAudit(tx, id, audit)
	}
}

// voices names who speaks for sides of a battle: each side, or the
// player standing in for it.
func voices(bc *store.BattleCase, sides []campaign.PlayerID) string {
	out := make([]campaign.PlayerID, len(sides))
	for i, p := range sides {
		out[i] = bc.Voice(p)
	}
	return joinPlayers(out)
}

// tellSides writes the players who speak for a battle's sides, but the
// sender me, each the text t words for their seat.
func (m *Moderation) tellSides(c *store.Campaign, bc *store.BattleCase, me campaign.PlayerID, incoming, purpose string, t func(s *store.Seat) report.Text) []Outgoing {
	var out []Outgoing
	for _, p := range bc.Sides {
		s := c.Seat(bc.Voice(p))
		if s == nil || !s.Active() || s.Player == me {
			continue
		}
		msg := m.MailText(c.ID, s.Email, t(s), m.derivedID(incoming, purpose, s.Email))
		msg.AutoSubmitted = "auto-generated"
		out = append(out, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: purpose})
	}
	return out
}
