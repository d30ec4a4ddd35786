package workflow

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// openBattles starts a case for each of battles, those a turn found or a
// poll's outcome set up in next, in a campaign whose battles are fought
// outside pbemd (battles: reported), with its clocks, and writes each side
// the battle's ships and how to report the result.
func (m *Moderation) openBattles(c *store.Campaign, next *campaign.State, battles []campaign.Battle, now time.Time) ([]*store.BattleCase, []Outgoing, error) {
	if next.Rules.Battles != campaign.BattlesReported || len(battles) == 0 {
		return nil, nil, nil
	}
	rb, err := m.reportedBattles(c)
	if err != nil {
		return nil, nil, err
	}
	clocks := c.Moderation.Battles
	var cases []*store.BattleCase
	var mails []Outgoing
	for _, b := range battles {
		contactBy, resolveBy := now.Add(clocks.Contact), now.Add(clocks.Resolve)
		if own, ok := rb.(game.BattleClock); ok {
			if contactBy, resolveBy, err = own.BattleDeadlines(c.Schedule, now); err != nil {
				return nil, nil, err
			}
		}
		cases = append(cases, &store.BattleCase{ID: b.ID, Turn: b.Turn, Sides: b.Sides, Status: store.BattleOpen,
			Opened: now, ContactBy: contactBy, ResolveBy: resolveBy})
		fight := report.BattleOrders{Campaign: c.ID, Battle: b.ID, Turn: b.Turn, Ships: ships(rb, b), FightOrder: rb.FightOrder(b),
			ContactRule: m.cite(c, game.TopicBattleContact), SettleRule: m.cite(c, game.TopicBattleSettle)}
		fight.At, fight.LaneA, fight.LaneB = battlePlace(next, b)
		if ex, ok := rb.(game.ResultExampler); ok {
			fight.Example, fight.Fates = ex.ResultExample(next, b)
		}
		for _, p := range b.Sides {
			s := c.Seat(p)
			if s == nil || !s.Active() {
				continue
			}
			fight.Player = p
			fight.ContactBy, fight.ResolveBy = LocalTime(c, s, contactBy), LocalTime(c, s, resolveBy)
			msg := m.MailText(c.ID, s.Email, fight, fmt.Sprintf("battle.%s.%s.%s@%s", c.ID, b.ID, p, m.domain))
			msg.AutoSubmitted = "auto-generated"
			mails = append(mails, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "battle"})
		}
	}
	return cases, mails, nil
}

// reportedBattles returns the ruleset of a campaign whose battles are
// fought outside pbemd.
func (m *Moderation) reportedBattles(c *store.Campaign) (game.ReportedBattles, error) {
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	rb, ok := rs.(game.ReportedBattles)
	if !ok {
		return nil, fmt.Errorf("campaign %s: ruleset %s has no battles fought outside pbemd", c.ID, rs.Name())
	}
	return rb, nil
}

// battlePlace names where a battle was fought: the system at, or the
// systems at the ends of its lane.
func battlePlace(st *campaign.State, b campaign.Battle) (at, laneA, laneB string) {
	name := func(id campaign.SystemID) string {
		if s := st.System(id); s != nil {
			return s.Name
		}
		return string(id)
	}
	if b.Lane != nil {
		return "", name(b.Lane.A), name(b.Lane.B)
	}
	return name(b.At), "", ""
}

// ships lists a battle's ships by the names results use.
func ships(rb game.ReportedBattles, b campaign.Battle) []report.Ship {
	var out []report.Ship
	for _, r := range rb.ShipRefs(b) {
		out = append(out, report.Ship{Ref: r.Ref, Class: string(r.Class)})
	}
	return out
}

// battleReport handles a side's result or confirmation of a reported
// battle, from the side or the player standing in for it. Agreement
// settles it; two results that differ go to the GM, or, where the
// campaign decides by vote, wait for the sides to agree until the
// battle's time runs out and the appeal opens.
func (m *Moderation) battleReport(r *request) (Decision, error) {
	c, me, rep := r.c, r.seat.Player, r.Sub.Battle
	cases, rec, err := m.battleCases(c)
	if err != nil {
		return Decision{}, err
	}
	i, bi, why := reportedBattle(cases, rec.State, rep.Battle, me)
	if why != nil {
		return r.refuse(why)
	}
	// A player standing in for a side that left speaks in its name.
	p := cases[i].Side(me)
	bc, b := *cases[i], rec.State.Battles[bi]
	bc.Results = slices.Clone(bc.Results)
	if !slices.Contains(bc.Heard, p) {
		bc.Heard = append(slices.Clone(bc.Heard), p)
	}
	if rep.Contact {
		apply := func(tx *store.Tx) error { return tx.PutBattle(c.ID, &bc) }
		return r.done("battle contact", m.answer(r, report.ContactNoted{Battle: b.ID, ResolveBy: r.localTime(bc.ResolveBy)}), Decision{Apply: apply})
	}
	other := slices.IndexFunc(bc.Results, func(x store.ReportedResult) bool { return x.By != p })
	if rep.Confirm {
		if other < 0 {
			return r.refuse(report.NothingToConfirm{Battle: b.ID})
		}
		return m.settleBattle(r, &bc, bc.Results[other].Result, report.Say(report.AgreedBySides{}))
	}
	return m.battleResult(r, &bc, b, rec.State, p)
}

// reportedBattle finds the battle a side reports on among the campaign's
// cases and the open turn's state st, as indexes i and bi, or says why
// player me may not report on it: it is settled, not found, not theirs,
// or under appeal.
func reportedBattle(cases []*store.BattleCase, st *campaign.State, id string, me campaign.PlayerID) (i, bi int, why report.Text) {
	i = slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == id })
	bi = slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == id })
	switch {
	case i >= 0 && cases[i].Status == store.BattleFinal:
		return i, bi, report.BattleSettled{Battle: id, How: cases[i].Settled}
	case i < 0 || bi < 0:
		var open []string
		for _, b := range cases {
			if b.Status != store.BattleFinal && b.Side(me) != "" {
				open = append(open, b.ID)
			}
		}
		return i, bi, report.NoSuchBattle{Battle: id, Open: open}
	case cases[i].Side(me) == "":
		return i, bi, report.NotYourBattle{Battle: id, Sides: joinPlayers(cases[i].Sides)}
	case underAppeal(cases[i], st):
		return i, bi, report.BattleUnderAppeal{Battle: id, Poll: cases[i].Appeal}
	}
	return i, bi, nil
}

// battleResult files side p's result of battle b, checked against the
// open turn's state st: one the other side sent already settles the
// battle if they agree and is disputed if not; otherwise the other side
// is asked to confirm it.
func (m *Moderation) battleResult(r *request, bc *store.BattleCase, b campaign.Battle, st *campaign.State, p campaign.PlayerID) (Decision, error) {
	c, rep := r.c, r.Sub.Battle
	now := m.clock.Now().UTC()
	rb, err := m.reportedBattles(c)
	if err != nil {
		return Decision{}, err
	}
	if problems := rb.CheckResult(st, b, rep.Result); len(problems) > 0 {
		return r.refuse(report.ResultDoesNotFit{Battle: b.ID, Problems: problems, Ships: ships(rb, b)})
	}
	other := slices.IndexFunc(bc.Results, func(x store.ReportedResult) bool { return x.By != p })
	mine := store.ReportedResult{By: p, Result: rep.Result, At: now, MessageID: r.In.MessageID}
	bc.Results = slices.DeleteFunc(bc.Results, func(x store.ReportedResult) bool { return x.By == p })
	bc.Results = append(bc.Results, mine)
	if other < 0 {
		return m.proposeResult(r, bc, p)
	}
	theirs := bc.Results[slices.IndexFunc(bc.Results, func(x store.ReportedResult) bool { return x.By != p })]
	if sameResult(theirs.Result, rep.Result) {
		return m.settleBattle(r, bc, rep.Result, report.Say(report.AgreedBySides{}))
	}
	bc.Status = store.BattleDisputed
	if m.decidesByVote(c) {
		apply := func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) }
		return r.done("battle disputed", m.answer(r, report.BattleDisputed{Battle: b.ID, Other: theirs.By, Vote: true, ResolveBy: r.localTime(bc.ResolveBy)}),
			Decision{Apply: apply})
	}
	ask, token, err := m.askGMBattle(c, bc, r.In.MessageID, false)
	if err != nil {
		return Decision{}, err
	}
	apply := Steps(func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) }, m.battleApproval(c, bc, token))
	return r.done("battle disputed", m.answer(r, report.BattleDisputed{Battle: b.ID, Other: theirs.By}), Decision{Mails: []Outgoing{ask}, Apply: apply})
}

// proposeResult files side p's result of a battle the other sides have
// sent none for, and asks each of them to confirm it.
func (m *Moderation) proposeResult(r *request, bc *store.BattleCase, p campaign.PlayerID) (Decision, error) {
	c, rep := r.c, r.Sub.Battle
	bc.Status = store.BattleProposed
	var mails []Outgoing
	for _, q := range bc.Sides {
		s := c.Seat(bc.Voice(q))
		if q == p || s == nil || !s.Active() {
			continue
		}
		msg := m.MailText(c.ID, s.Email, report.ConfirmResult{Campaign: c.ID, Player: s.Player, From: p, Battle: bc.ID, Result: rep.Result, Vote: m.decidesByVote(c)},
			m.derivedID(r.In.MessageID, "battle-confirm", s.Email))
		msg.AutoSubmitted = "auto-generated"
		mails = append(mails, Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "battle"})
	}
	apply := func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) }
	return r.done("battle result", m.answer(r, report.ResultOnFile{Battle: bc.ID, Result: rep.Result}), Decision{Mails: mails, Apply: apply})
}

// sameResult reports whether two results say the same, whatever the order
// ships are listed in, negotiated end included.
func sameResult(a, b *orders.BattleResult) bool {
	norm := func(r *orders.BattleResult) ([]orders.ShipFate, map[campaign.PlayerID]int) {
		ships := slices.Clone(r.Ships)
		for i := range ships {
			ships[i].Pos = orders.Pos{}
		}
		slices.SortFunc(ships, func(x, y orders.ShipFate) int { return cmp.Compare(x.Ship, y.Ship) })
		vp := map[campaign.PlayerID]int{}
		for k, v := range r.VP {
			if v != 0 {
				vp[k] = v
			}
		}
		return ships, vp
	}
	as, av := norm(a)
	bs, bv := norm(b)
	return reflect.DeepEqual(as, bs) && reflect.DeepEqual(av, bv) && a.Negotiated == b.Negotiated
}

// settleBattle applies a battle's final result to the open turn's state
// and tells every player how it ended. r is the mail that settled it: a
// side's, or the GM's reply.
func (m *Moderation) settleBattle(r *request, bc *store.BattleCase, result *orders.BattleResult, how string) (Decision, error) {
	c := r.c
	bc.Status, bc.Settled = store.BattleFinal, how
	mails, apply, err := m.settlement(c, bc, r.In.MessageID, func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		events, err := rb.ApplyResult(st, bc.ID, result, how)
		return events, nil, err
	})
	if err != nil {
		return Decision{}, err
	}
	return r.done("battle settled", m.answer(r, report.BattleSettledAnswer{Battle: bc.ID, How: how}), Decision{Mails: mails, Apply: apply})
}

// settleFunc ends a battle in st, the open turn's state, in place, with
// the campaign's ruleset: it returns what happened and the sides' logs.
type settleFunc func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error)

// fightPending is the settleFunc that fights a battle with the built-in
// resolver.
func fightPending(id string) settleFunc {
	return func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		return rb.FightPending(st, id)
	}
}

// settlement works out a battle's end on a copy of the open turn's state:
// the mails that tell every player, and the step that stores it.
func (m *Moderation) settlement(c *store.Campaign, bc *store.BattleCase, base string, settle settleFunc) ([]Outgoing, func(tx *store.Tx) error, error) {
	rb, err := m.reportedBattles(c)
	if err != nil {
		return nil, nil, err
	}
	var logs []game.BattleLog
	ch, err := m.changeOpenTurn(c, fmt.Sprintf("battle %s settled, %s", bc.ID, bc.Settled), base, func(st *campaign.State) (events []game.Event, err error) {
		events, logs, err = settle(rb, st)
		return events, err
	})
	if err != nil {
		return nil, nil, err
	}
	// Each player hears only the events that concern them; one who hears
	// none gets no mail.
	news := func(p campaign.PlayerID) string {
		var lines []string
		for _, e := range ch.events {
			if e.Concerns(p) {
				lines = append(lines, e.Text)
			}
		}
		return strings.Join(lines, "\n")
	}
	mails := m.tellPlayers(c, base, "settled-"+bc.ID, "", func(s *store.Seat) report.Text {
		return report.BattleNews{Battle: bc.ID, News: news(s.Player), Due: dueSeats(ch.opened, s)}
	})
	untold := map[string]bool{}
	for _, s := range c.ActiveSeats() {
		untold[s.Email] = news(s.Player) == ""
	}
	mails = slices.DeleteFunc(mails, func(o Outgoing) bool { return untold[o.Msg.To[0].Email] })
	for i := range mails {
		for _, l := range logs {
			if slices.ContainsFunc(bc.Sides, func(p campaign.PlayerID) bool { s := c.Seat(p); return s != nil && s.Email == mails[i].Msg.To[0].Email }) {
				mails[i].Msg.Attachments = append(mails[i].Msg.Attachments,
					mail.Attachment{Name: fmt.Sprintf("battle-%s.txt", l.Battle), ContentType: "text/plain; charset=utf-8", Data: []byte(l.Text)})
			}
		}
	}
	apply := Steps(ch.apply,
		func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) },
		func(tx *store.Tx) error {
			return WriteAudit(tx, c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: "pbemd", Action: "battle settled", Detail: bc.ID + ": " + bc.Settled})
		})
	return append(mails, ch.mails...), apply, nil
}

// stateChange is a change of a campaign's open turn's state worked out
// on a copy (changeOpenTurn).
type stateChange struct {
	// events tell of the change.
	events []game.Event
	// opened is the campaign's record if a player's turn opened by it
	// (openWaiting), or nil.
	opened *store.Campaign
	// mails start what the change opened, polls and battles (startNew),
	// and tell the GM of the players it put out of the campaign.
	mails []Outgoing
	// apply stores the state, change noted in the turn's record, the
	// seats it put out and what it opened.
	apply func(tx *store.Tx) error
}

// changeOpenTurn has edit change a copy of the open turn's state of c,
// as a battle's end or a poll's outcome does, and works out what follows:
// the seats of the players it put out of the campaign, out at once, the
// next player's turn if nothing is waited on any more, and the polls and
// battles it opened, announced from base; or, when it ended the
// campaign, as the last rival's elimination may, the open turn's
// resolution with the final reports (endWith).
func (m *Moderation) changeOpenTurn(c *store.Campaign, change, base string, edit func(st *campaign.State) ([]game.Event, error)) (*stateChange, error) {
	rec, err := m.openTurnRecord(c)
	if err != nil {
		return nil, err
	}
	st := rec.State.Clone()
	events, err := edit(st)
	if err != nil {
		return nil, err
	}
	c, out := m.seatsOut(c, st, change, base)
	opened, err := m.openWaiting(c, st)
	if err != nil {
		return nil, err
	}
	mails, start, err := m.startNew(c, rec.State, st, base)
	if err != nil {
		return nil, err
	}
	reports, held, err := m.openingReports(opened, rec, st, events, base)
	if err != nil {
		return nil, err
	}
	hold := func(tx *store.Tx) error { return storeHeld(tx, c.ID, held) }
	record := opened
	if record == nil && len(out) > 0 {
		record = c
	}
	d := Decision{Mails: slices.Concat(out, mails, reports), Apply: Steps(putSettled(c, st, change, events, record, opened != nil), start, hold)}
	if st.Over() {
		if d, err = m.endWith(c, st, d); err != nil {
			return nil, err
		}
	}
	return &stateChange{events: events, opened: opened, mails: d.Mails, apply: d.Apply}, nil
}

// openingReports are the reports of the player's turn a change opened,
// opened being the campaign's record after it, st the state and events
// what the change did: every player gets the report that opens the turn,
// as when a turn resolves, telling what the turn that waited did (rec's
// events), what settled it, and for the player now due their points and
// order template. A report for a player who reads a daily digest is held
// for it. None when no turn opened.
func (m *Moderation) openingReports(opened *store.Campaign, rec *store.TurnRecord, st *campaign.State, events []game.Event, base string) ([]Outgoing, []*store.HeldReport, error) {
	if opened == nil {
		return nil, nil, nil
	}
	rs, err := m.Ruleset(opened)
	if err != nil {
		return nil, nil, err
	}
	played, err := StoredEvents(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("read the events of turn %d: %w", rec.State.Turn-1, err)
	}
	settled, err := settledEvents(rec)
	if err != nil {
		return nil, nil, err
	}
	now := m.clock.Now().UTC()
	var (
		mails []Outgoing
		held  []*store.HeldReport
	)
	for _, v := range rs.Replay(st, slices.Concat(played, settled, events)) {
		s := opened.Seat(v.Header().Player)
		if s == nil || !s.Active() {
			continue
		}
		rep, err := m.ReportMail(opened, v, s, nil)
		if err != nil {
			return nil, nil, err
		}
		rep.Msg.MessageID = m.derivedID(base, "report", s.Email)
		h, err := holdReport(s, v, deadlineOf(opened, s.Player), now, nil)
		switch {
		case err != nil:
			return nil, nil, err
		case h != nil:
			held = append(held, h)
		default:
			mails = append(mails, rep)
		}
	}
	return mails, held, nil
}

// seatsOut marks out, on a copy of campaign c, the seats of the players
// a change of the open turn's state took out of the campaign, as a
// battle's end that left them nothing on the map may: out at once, so
// that they vote in no poll opened after and owe nothing. The GM is
// told of each, as when a turn's resolution eliminates a player; the
// players read it in the change's news. It returns c itself when nobody
// went out.
func (m *Moderation) seatsOut(c *store.Campaign, st *campaign.State, change, base string) (*store.Campaign, []Outgoing) {
	var mails []Outgoing
	next := c
	for _, p := range st.Players {
		if s := c.Seat(p.ID); s == nil || !s.Active() || p.Active() {
			continue
		}
		if next == c {
			next = c.Clone()
		}
		next.Seat(p.ID).Leave(p.Out, c.Turn)
		mails = append(mails, m.ToGM(next, base+".elim."+string(p.ID), "eliminated",
			report.Eliminated{Player: p.ID, Title: c.Title, Why: p.Out, By: change}))
	}
	return next, mails
}

// putSettled returns the step that stores st, settled in place, as the
// open turn's state of campaign c, with change for the turn's record
// (pbemd verify) and events for its resolution to report; and record,
// the campaign's record, if the change opened a player's turn
// (openWaiting) or put a player out (seatsOut). told says the change
// opened a player's turn, whose reports tell of the events settled.
func putSettled(c *store.Campaign, st *campaign.State, change string, events []game.Event, record *store.Campaign, told bool) func(tx *store.Tx) error {
	turn := c.Turn
	return func(tx *store.Tx) error {
		cur, err := tx.Turn(c.ID, turn)
		if err != nil {
			return err
		}
		cur.State = st
		cur.Changed = append(cur.Changed, change)
		if record != nil {
			if err := tx.PutCampaign(record); err != nil {
				return err
			}
			cur.Deadline, cur.Waiting = record.Deadline(), Waiting(record)
		}
		if cur.Settled, err = appendEvents(cur.Settled, events); err != nil {
			return fmt.Errorf("store the events of %s: %w", change, err)
		}
		// The reports that open the next player's turn tell of
		// everything settled (openingReports): its resolution does not
		// carry it again.
		cur.SettledTold = told
		return tx.PutTurn(c.ID, cur)
	}
}

// openWaiting opens the turn of a campaign in which nobody owes orders,
// as when a player's turn waits on its battles, if the state its last
// battle left says someone now does: it returns the campaign's record
// with their deadlines, or nil when nothing opens.
func (m *Moderation) openWaiting(c *store.Campaign, st *campaign.State) (*store.Campaign, error) {
	if len(c.DueSeats()) > 0 || len(st.Battles) > 0 {
		return nil, nil
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return nil, err
	}
	now := m.clock.Now().UTC()
	due, err := rs.Due(st, c.Schedule, now)
	if err != nil || len(due) == 0 {
		return nil, err
	}
	opened := c.Clone()
	opened.Open(c.Turn, due)
	MarkReminded(opened, now)
	return opened, nil
}

// dueSeats lists who owes orders in a campaign, by when, for the reader
// of seat to (localTime); none for nil c.
func dueSeats(c *store.Campaign, to *store.Seat) []report.DueSeat {
	if c == nil {
		return nil
	}
	var out []report.DueSeat
	for _, s := range c.DueSeats() {
		out = append(out, report.DueSeat{Player: s.Player, Deadline: LocalTime(c, to, s.Deadline)})
	}
	return out
}

// appendEvents adds events to a raw JSON list of events.
func appendEvents(raw json.RawMessage, events []game.Event) (json.RawMessage, error) {
	var all []game.Event
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &all); err != nil {
			return nil, err
		}
	}
	return json.Marshal(append(all, events...))
}

// settledEvents reads the events of the battles settled while a turn was
// open, which its resolution reports too: a battle's consequences are
// applied and reported when its result is final.
func settledEvents(rec *store.TurnRecord) ([]game.Event, error) {
	if len(rec.Settled) == 0 {
		return nil, nil
	}
	var events []game.Event
	if err := json.Unmarshal(rec.Settled, &events); err != nil {
		return nil, fmt.Errorf("read the battles settled in turn %d: %w", rec.State.Turn, err)
	}
	return events, nil
}

// shiftBattleClocks moves the clocks of the battles still open on by the
// length of a pause: they do not run while the campaign is paused.
func shiftBattleClocks(id campaign.ID, paused time.Duration) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		cases, err := tx.Battles(id)
		if err != nil {
			return err
		}
		for _, bc := range cases {
			if bc.Status == store.BattleFinal {
				continue
			}
			bc.ContactBy, bc.ResolveBy = bc.ContactBy.Add(paused), bc.ResolveBy.Add(paused)
			if err := tx.PutBattle(id, bc); err != nil {
				return err
			}
		}
		return nil
	}
}

// askGMBattle writes the GM a mail to decide a battle, with every result
// sent so far, and a single-use reply address: the results differ, or
// the time to settle the battle ran out.
func (m *Moderation) askGMBattle(c *store.Campaign, bc *store.BattleCase, base string, timedOut bool) (Outgoing, string, error) {
	token, err := newReplyToken(m.rand)
	if err != nil {
		return Outgoing{}, "", err
	}
	q := report.BattleQuestion{Battle: bc.ID, Turn: bc.Turn, Sides: joinPlayers(bc.Sides), TimedOut: timedOut,
		Rule: m.cite(c, game.TopicBattleSettle)}
	for _, r := range bc.Results {
		q.Results = append(q.Results, report.SentResult{By: r.By, Result: r.Result})
	}
	msg := m.MailText(c.ID, c.GM.Email, q, m.derivedID(base, "ask-battle-"+bc.ID, c.GM.Email))
	msg.ReplyTo = &mail.Address{Name: "pbemd decisions", Email: m.replyAddress(token)}
	msg.AutoSubmitted = "auto-generated"
	bc.AskedGM = true
	return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "ask-gm"}, token, nil
}

// battleApproval stores the reply address for a battle decision.
func (m *Moderation) battleApproval(c *store.Campaign, bc *store.BattleCase, token string) func(tx *store.Tx) error {
	a := &store.Approval{Campaign: c.ID, Battle: bc.ID, Expires: m.clock.Now().Add(c.Moderation.Battles.Resolve + 7*24*time.Hour)}
	return func(tx *store.Tx) error { return tx.PutApproval(HashToken(token), a) }
}

// decideBattle applies the GM's reply on a battle: "accept N" or "auto".
func (m *Moderation) decideBattle(ml *Mail, c *store.Campaign, a *store.Approval, token string) (Decision, error) {
	in, rec := ml.In, ml.Rec
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return Decision{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == a.Battle })
	reply := func(outcome store.Outcome, detail string, t report.Text) (Decision, error) {
		rec.Outcome, rec.Campaign, rec.Detail = outcome, string(c.ID), detail
		return Decision{Mails: []Outgoing{{Msg: m.replyText(in, c.ID, t), Campaign: string(c.ID), Purpose: "answer"}}}, nil
	}
	if i < 0 || cases[i].Status == store.BattleFinal {
		return reply(store.Rejected, "battle already settled", report.BattleAlreadySettled{Battle: a.Battle})
	}
	bc := *cases[i]
	words := strings.Fields(strings.ToLower(strings.SplitN(strings.TrimSpace(string(in.Text)), "\n", 2)[0]))
	used := *a
	used.Used = m.clock.Now().UTC()
	markUsed := func(tx *store.Tx) error { return tx.PutApproval(HashToken(token), &used) }
	r := &request{Mail: &Mail{In: in, Rec: rec, Sub: &orders.Submission{}}, c: c}
	switch {
	case len(words) == 1 && words[0] == "auto":
		bc.Status, bc.Settled = store.BattleFinal, report.Say(report.FoughtAtGMsWord{})
		mails, apply, err := m.settlement(c, &bc, in.MessageID, fightPending(bc.ID))
		if err != nil {
			return Decision{}, err
		}
		d, err := r.done("battle decided", m.answer(r, report.BattleFought{Battle: bc.ID}), Decision{Mails: mails, Apply: Steps(apply, markUsed)})
		return d, err
	case len(words) == 2 && words[0] == "accept":
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 || n > len(bc.Results) {
			break
		}
		d, err := m.settleBattle(r, &bc, bc.Results[n-1].Result, report.Say(report.DecidedByGM{For: bc.Results[n-1].By}))
		d.Apply = Steps(d.Apply, markUsed)
		return d, err
	}
	return reply(store.Rejected, "no verdict", report.NoBattleVerdict{Battle: a.Battle})
}

// TimesOwnBattles reports whether the ruleset of a campaign with battle
// cases times its own battles, and so says who retreats when nobody made
// contact; otherwise such a battle waits for its resolve clock.
func (m *Moderation) TimesOwnBattles(c *store.Campaign, cases []*store.BattleCase) (bool, error) {
	if len(cases) == 0 {
		return false, nil
	}
	rs, err := m.Ruleset(c)
	if err != nil {
		return false, err
	}
	_, ownClock := rs.(game.BattleClock)
	return ownClock, nil
}

// BattleTimeout decides what becomes of battle bc at now, by its clocks,
// and returns the mails and the change that say it, or, with apply nil
// where no clock ran out, when its clocks next run out. It also returns
// when an appeal it opens closes.
func (m *Moderation) BattleTimeout(c *store.Campaign, bc *store.BattleCase, st *campaign.State, ownClock bool, now time.Time, base string) (mails []Outgoing, apply func(tx *store.Tx) error, wait []time.Time, err error) {
	resolveOut := !now.Before(bc.ResolveBy)
	switch {
	case underAppeal(bc, st):
		return nil, nil, nil, nil // the players' vote settles it (closePoll)
	case resolveOut && c.Moderation.Battles.Timeout == campaign.TimeoutAuto:
		mails, apply, err = m.fightOnTimeout(c, bc, base)
	case resolveOut && !bc.AskedGM && m.decidesByVote(c):
		var appealed bool
		if mails, apply, appealed = m.appeal(c, bc, base); !appealed {
			// Nobody is left to vote, or there is no result to
			// choose from: pbemd fights the battle.
			mails, apply, err = m.fightOnTimeout(c, bc, base)
		} else {
			wait = append(wait, now.Add(voteTime(c)))
		}
	case resolveOut && !bc.AskedGM:
		var ask Outgoing
		var token string
		ask, token, err = m.askGMBattle(c, bc, base, true)
		mails, apply = []Outgoing{ask}, Steps(func(tx *store.Tx) error { return tx.PutBattle(c.ID, bc) }, m.battleApproval(c, bc, token))
	case !now.Before(bc.ContactBy) && (len(bc.Heard) > 0 || ownClock) && len(bc.Heard) < len(bc.Sides) && bc.Status != store.BattleDisputed:
		mails, apply, err = m.withdrawSilent(c, bc, base)
	default:
		return nil, nil, []time.Time{bc.ContactBy, bc.ResolveBy}, nil
	}
	return mails, apply, wait, err
}

// fightOnTimeout settles a battle whose resolve clock ran out as pbemd
// fights it.
func (m *Moderation) fightOnTimeout(c *store.Campaign, bc *store.BattleCase, base string) ([]Outgoing, func(tx *store.Tx) error, error) {
	bc.Status, bc.Settled = store.BattleFinal, report.Say(report.FoughtOnTimeout{Rule: m.cite(c, game.TopicBattleSettle)})
	return m.settlement(c, bc, base, fightPending(bc.ID))
}

// withdrawSilent settles a battle whose contact clock ran out with a side
// that never answered: that side's ships withdraw, everyone else's stay.
// A ruleset that times its own battles says who withdraws, and where.
func (m *Moderation) withdrawSilent(c *store.Campaign, bc *store.BattleCase, base string) ([]Outgoing, func(tx *store.Tx) error, error) {
	var silent []campaign.PlayerID
	for _, p := range bc.Sides {
		if !slices.Contains(bc.Heard, p) {
			silent = append(silent, p)
		}
	}
	bc.Status = store.BattleFinal
	return m.settlement(c, bc, base, func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		i := slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == bc.ID })
		if i < 0 {
			return nil, nil, fmt.Errorf("battle %s is not pending", bc.ID)
		}
		b := st.Battles[i]
		r, withdrawn := &orders.BattleResult{}, silent
		if own, ok := rb.(game.BattleClock); ok {
			r, withdrawn = own.ForcedRetreat(st, b, silent)
		} else if to := rb.Retreats(st, b); len(to) > 0 {
			for _, ref := range rb.ShipRefs(b) {
				if slices.Contains(silent, ref.Owner) {
					r.Ships = append(r.Ships, orders.ShipFate{Ship: ref.Ref, Fate: battle.FateDisengaged, Direction: to[0]})
				}
			}
		}
		var names []string
		for _, p := range withdrawn {
			names = append(names, string(p))
		}
		bc.Settled = report.Say(report.SilentWithdrew{Players: names, Rule: m.cite(c, game.TopicSilentSide)})
		events, err := rb.ApplyResult(st, bc.ID, r, bc.Settled)
		return events, nil, err
	})
}
