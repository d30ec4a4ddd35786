package moderator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
)

// openBattles starts a case for every battle the turn found in a
// campaign whose battles are fought outside pbemd (battles: reported),
// with its clocks, and writes each side the battle's ships and how to
// report the result.
func (m *Moderator) openBattles(c *store.Campaign, next *campaign.State, turn int, now time.Time) ([]*store.BattleCase, []outgoing, error) {
	if next.Rules.Battles != campaign.BattlesReported {
		return nil, nil, nil
	}
	rb, err := m.reportedBattles(c)
	if err != nil {
		return nil, nil, err
	}
	clocks := c.Moderation.Battles
	var cases []*store.BattleCase
	var mails []outgoing
	for _, b := range next.Battles {
		if b.Turn != turn {
			continue
		}
		cases = append(cases, &store.BattleCase{ID: b.ID, Turn: b.Turn, Sides: b.Sides, Status: store.BattleOpen,
			Opened: now, ContactBy: now.Add(clocks.Contact), ResolveBy: now.Add(clocks.Resolve)})
		refs := rb.ShipRefs(b)
		for _, p := range b.Sides {
			s := c.Seat(p)
			if s == nil || !s.Active() {
				continue
			}
			text := fmt.Sprintf(`Battle %s, turn %d, %s, is yours to fight in your own tactical game and report.

The ships, as the result names them:

%s%s
Make contact with the other side by %s (UTD3.4): a side that sends
nothing by then withdraws. Settle it by %s (UTD3.5).

Either side then mails the result; the other confirms it or sends its own:

  campaign: %s
  player: %s
  token: <your token>
  battle: %s
  result:
    ships:
      - {ship: %s, fate: destroyed}
      - {ship: %s, fate: crippled, damage: 12}
    vp: {%s: 0}

A ship not named came through intact. The fates are destroyed, crippled
(with damage:), captured (with by: and the captor's ship) and disengaged
(with direction: and the system it withdrew to). To agree with the other
side's result, send battle: %s and confirm: true.
`, b.ID, b.Turn, battlePlace(next, b), shipTable(rb, b), fightOrder(rb.FightOrder(b)), fmtUTC(now.Add(clocks.Contact)), fmtUTC(now.Add(clocks.Resolve)),
				c.ID, p, b.ID, refs[0].Ref, refs[len(refs)-1].Ref, p, b.ID)
			msg := m.newMail(s.Email, fmt.Sprintf("[%s] Battle %s: report its result", c.ID, b.ID), text,
				fmt.Sprintf("battle.%s.%s.%s@%s", c.ID, b.ID, p, m.domain))
			msg.AutoSubmitted = "auto-generated"
			mails = append(mails, outgoing{msg: msg, campaign: string(c.ID), purpose: "battle"})
		}
	}
	return cases, mails, nil
}

// reportedBattles returns the ruleset of a campaign whose battles are
// fought outside pbemd.
func (m *Moderator) reportedBattles(c *store.Campaign) (game.ReportedBattles, error) {
	rs, err := m.ruleset(c)
	if err != nil {
		return nil, err
	}
	rb, ok := rs.(game.ReportedBattles)
	if !ok {
		return nil, fmt.Errorf("campaign %s: ruleset %s has no battles fought outside pbemd", c.ID, rs.Name())
	}
	return rb, nil
}

// fightOrder sets the order a meeting of several fleets is fought in
// apart in the battle mail; empty for a battle of two fleets.
func fightOrder(order string) string {
	if order == "" {
		return ""
	}
	return "\n" + order
}

func battlePlace(st *campaign.State, b campaign.Battle) string {
	name := func(id campaign.SystemID) string {
		if s := st.System(id); s != nil {
			return s.Name
		}
		return string(id)
	}
	if b.Lane != nil {
		return fmt.Sprintf("in the lane between %s and %s", name(b.Lane.A), name(b.Lane.B))
	}
	return "at " + name(b.At)
}

// shipTable lists a battle's ships by the names results use.
func shipTable(rb game.ReportedBattles, b campaign.Battle) string {
	var s strings.Builder
	for _, r := range rb.ShipRefs(b) {
		fmt.Fprintf(&s, "  %-14s %s\n", r.Ref, r.Class)
	}
	return s.String()
}

// battleReport handles a side's result or confirmation of a reported
// battle. Agreement settles it; two results that differ go to the GM.
func (m *Moderator) battleReport(r *request) (decision, error) {
	c, p, rep := r.c, r.seat.Player, r.sub.Battle
	var (
		cases []*store.BattleCase
		rec   *store.TurnRecord
	)
	err := m.db.View(func(tx *store.Tx) (err error) {
		if cases, err = tx.Battles(c.ID); err != nil {
			return err
		}
		rec, err = tx.Turn(c.ID, c.Turn)
		return err
	})
	if err != nil {
		return decision{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == rep.Battle })
	bi := slices.IndexFunc(rec.State.Battles, func(b campaign.Battle) bool { return b.ID == rep.Battle })
	switch {
	case i >= 0 && cases[i].Status == store.BattleFinal:
		return r.refuse(fmt.Sprintf("Battle %s is already settled (%s); its result can no longer change.", rep.Battle, cases[i].Settled))
	case i < 0 || bi < 0:
		open := "none"
		for _, b := range cases {
			if b.Status != store.BattleFinal && slices.Contains(b.Sides, p) {
				open = strings.TrimPrefix(open+", "+b.ID, "none, ")
			}
		}
		return r.refuse(fmt.Sprintf("No battle %s waits for a result. Your battles waiting for one: %s.", rep.Battle, open))
	case !slices.Contains(cases[i].Sides, p):
		return r.refuse(fmt.Sprintf("You did not fight in battle %s; only its sides (%s) report its result.", rep.Battle, joinPlayers(cases[i].Sides)))
	}
	bc, b := *cases[i], rec.State.Battles[bi]
	bc.Results = slices.Clone(bc.Results)
	if !slices.Contains(bc.Heard, p) {
		bc.Heard = append(slices.Clone(bc.Heard), p)
	}
	now := m.clock.Now().UTC()
	other := slices.IndexFunc(bc.Results, func(x store.ReportedResult) bool { return x.By != p })
	if rep.Confirm {
		if other < 0 {
			return r.refuse(fmt.Sprintf("There is no result from the other side of battle %s to confirm yet. Send your own result:, or wait for theirs.", b.ID))
		}
		return m.settleBattle(r, &bc, bc.Results[other].Result, "agreed by both sides")
	}
	rb, err := m.reportedBattles(c)
	if err != nil {
		return decision{}, err
	}
	if problems := rb.CheckResult(rec.State, b, rep.Result); len(problems) > 0 {
		return r.refuse(fmt.Sprintf("The result for battle %s does not fit the battle, so nothing changed:\n\n  - %s\n\nThe ships of the battle:\n\n%s",
			b.ID, strings.Join(problems, "\n  - "), shipTable(rb, b)))
	}
	mine := store.ReportedResult{By: p, Result: rep.Result, At: now, MessageID: r.in.MessageID}
	bc.Results = slices.DeleteFunc(bc.Results, func(x store.ReportedResult) bool { return x.By == p })
	bc.Results = append(bc.Results, mine)
	if other >= 0 {
		theirs := bc.Results[slices.IndexFunc(bc.Results, func(x store.ReportedResult) bool { return x.By != p })]
		if sameResult(theirs.Result, rep.Result) {
			return m.settleBattle(r, &bc, rep.Result, "agreed by both sides")
		}
		bc.Status = store.BattleDisputed
		ask, token, err := m.askGMBattle(c, &bc, r.in.MessageID, "The sides sent results that differ.")
		if err != nil {
			return decision{}, err
		}
		apply := steps(func(tx *store.Tx) error { return tx.PutBattle(c.ID, &bc) }, m.battleApproval(c, &bc, token))
		text := fmt.Sprintf("Your result for battle %s differs from %s's, so the GM will decide. You will both hear the outcome.\n", b.ID, theirs.By)
		return r.done("battle disputed", m.answer(r, fmt.Sprintf("Battle %s goes to the GM", b.ID), text), decision{mails: []outgoing{ask}, apply: apply})
	}
	bc.Status = store.BattleProposed
	var mails []outgoing
	for _, q := range bc.Sides {
		s := c.Seat(q)
		if q == p || s == nil || !s.Active() {
			continue
		}
		text := fmt.Sprintf("%s reports battle %s as follows:\n\n%s\nIf you agree, send:\n\n  campaign: %s\n  player: %s\n  token: <your token>\n  battle: %s\n  confirm: true\n\nIf not, send your own result: in the same way; the GM then decides.\n",
			p, b.ID, resultText(rep.Result), c.ID, q, b.ID)
		msg := m.newMail(s.Email, fmt.Sprintf("[%s] Battle %s: %s sent a result; confirm it?", c.ID, b.ID, p), text, m.derivedID(r.in.MessageID, "battle-confirm", s.Email))
		msg.AutoSubmitted = "auto-generated"
		mails = append(mails, outgoing{msg: msg, campaign: string(c.ID), purpose: "battle"})
	}
	apply := func(tx *store.Tx) error { return tx.PutBattle(c.ID, &bc) }
	text := fmt.Sprintf("Your result for battle %s is on file:\n\n%s\nThe other side has been asked to confirm it.\n", b.ID, resultText(rep.Result))
	return r.done("battle result", m.answer(r, fmt.Sprintf("Battle %s: result on file", b.ID), text), decision{mails: mails, apply: apply})
}

// sameResult reports whether two results say the same, whatever the order
// ships are listed in.
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
	return reflect.DeepEqual(as, bs) && reflect.DeepEqual(av, bv)
}

// resultText writes a result for people.
func resultText(r *orders.BattleResult) string {
	var b strings.Builder
	if len(r.Ships) == 0 {
		b.WriteString("  every ship came through intact\n")
	}
	for _, s := range r.Ships {
		fmt.Fprintf(&b, "  %-14s %s", s.Ship, s.Fate)
		switch {
		case s.Damage > 0:
			fmt.Fprintf(&b, ", %d damage", s.Damage)
		case s.By != "":
			fmt.Fprintf(&b, " by %s", s.By)
		case s.Direction != "":
			fmt.Fprintf(&b, " toward %s", s.Direction)
		}
		b.WriteString("\n")
	}
	var vp []string
	for _, p := range slices.Sorted(maps.Keys(r.VP)) {
		vp = append(vp, fmt.Sprintf("%s %d", p, r.VP[p]))
	}
	fmt.Fprintf(&b, "  victory points: %s\n", orNone(strings.Join(vp, ", ")))
	return b.String()
}

// settleBattle applies a battle's final result to the open turn's state
// and tells every player how it ended. r is the mail that settled it: a
// side's, or the GM's reply.
func (m *Moderator) settleBattle(r *request, bc *store.BattleCase, result *orders.BattleResult, how string) (decision, error) {
	c := r.c
	bc.Status, bc.Settled = store.BattleFinal, how
	mails, apply, err := m.settlement(c, bc, r.in.MessageID, func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		events, err := rb.ApplyResult(st, bc.ID, result, how)
		return events, nil, err
	})
	if err != nil {
		return decision{}, err
	}
	text := fmt.Sprintf("Battle %s is settled, %s. Every player has been told, and the state reflects it.\n", bc.ID, how)
	return r.done("battle settled", m.answer(r, fmt.Sprintf("Battle %s settled", bc.ID), text), decision{mails: mails, apply: apply})
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
func (m *Moderator) settlement(c *store.Campaign, bc *store.BattleCase, base string, settle settleFunc) ([]outgoing, func(tx *store.Tx) error, error) {
	rb, err := m.reportedBattles(c)
	if err != nil {
		return nil, nil, err
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, c.Turn); return err }); err != nil {
		return nil, nil, err
	}
	st := rec.State.Clone()
	events, logs, err := settle(rb, st)
	if err != nil {
		return nil, nil, err
	}
	// Each player hears only the events that concern them; one who hears
	// none gets no mail.
	news := func(p campaign.PlayerID) string {
		var lines []string
		for _, e := range events {
			if e.Concerns(p) {
				lines = append(lines, e.Text)
			}
		}
		return strings.Join(lines, "\n")
	}
	mails := m.tellPlayers(c, base, "settled-"+bc.ID, "", fmt.Sprintf("Battle %s is settled", bc.ID), func(s *store.Seat) string {
		return news(s.Player) + "\n\nYour next report shows the fleets as the battle left them.\n"
	})
	untold := map[string]bool{}
	for _, s := range c.ActiveSeats() {
		untold[s.Email] = news(s.Player) == ""
	}
	mails = slices.DeleteFunc(mails, func(o outgoing) bool { return untold[o.msg.To[0].Email] })
	for i := range mails {
		for _, l := range logs {
			if slices.ContainsFunc(bc.Sides, func(p campaign.PlayerID) bool { s := c.Seat(p); return s != nil && s.Email == mails[i].msg.To[0].Email }) {
				mails[i].msg.Attachments = append(mails[i].msg.Attachments,
					mail.Attachment{Name: fmt.Sprintf("battle-%s.txt", l.Battle), ContentType: "text/plain; charset=utf-8", Data: []byte(l.Text)})
			}
		}
	}
	turn := c.Turn
	apply := func(tx *store.Tx) error {
		cur, err := tx.Turn(c.ID, turn)
		if err != nil {
			return err
		}
		cur.State = st
		cur.Changed = append(cur.Changed, fmt.Sprintf("battle %s settled, %s", bc.ID, bc.Settled))
		if cur.Settled, err = appendEvents(cur.Settled, events); err != nil {
			return fmt.Errorf("store the settlement of battle %s: %w", bc.ID, err)
		}
		if err := tx.PutTurn(c.ID, cur); err != nil {
			return err
		}
		if err := tx.PutBattle(c.ID, bc); err != nil {
			return err
		}
		return writeAudit(tx, c.ID, store.AuditEntry{At: m.clock.Now().UTC(), Who: "pbemd", Action: "battle settled", Detail: bc.ID + ": " + bc.Settled})
	}
	return mails, apply, nil
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
// sent so far, and a single-use reply address.
func (m *Moderator) askGMBattle(c *store.Campaign, bc *store.BattleCase, base, why string) (outgoing, string, error) {
	token, err := newReplyToken(m.rand)
	if err != nil {
		return outgoing{}, "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Battle %s (turn %d, %s) needs your decision. %s\n\n", bc.ID, bc.Turn, joinPlayers(bc.Sides), why)
	for i, r := range bc.Results {
		fmt.Fprintf(&b, "Result %d, from %s:\n\n%s\n", i+1, r.By, resultText(r.Result))
	}
	b.WriteString("Reply to this mail with one of these alone on the first line:\n\n")
	for i := range bc.Results {
		fmt.Fprintf(&b, "  accept %d       the result from %s stands\n", i+1, bc.Results[i].By)
	}
	b.WriteString("  auto           pbemd fights the battle with its own resolver\n\nYou need no token: the reply address is yours alone and works once.\n")
	msg := m.newMail(c.GM.Email, fmt.Sprintf("[%s] Battle %s needs your decision", c.ID, bc.ID), b.String(), m.derivedID(base, "ask-battle-"+bc.ID, c.GM.Email))
	msg.ReplyTo = &mail.Address{Name: "pbemd decisions", Email: m.replyAddress(token)}
	msg.AutoSubmitted = "auto-generated"
	bc.AskedGM = true
	return outgoing{msg: msg, campaign: string(c.ID), purpose: "ask-gm"}, token, nil
}

// battleApproval stores the reply address for a battle decision.
func (m *Moderator) battleApproval(c *store.Campaign, bc *store.BattleCase, token string) func(tx *store.Tx) error {
	a := &store.Approval{Campaign: c.ID, Battle: bc.ID, Expires: m.clock.Now().Add(c.Moderation.Battles.Resolve + 7*24*time.Hour)}
	return func(tx *store.Tx) error { return tx.PutApproval(hashToken(token), a) }
}

// decideBattle applies the GM's reply on a battle: "accept N" or "auto".
func (m *Moderator) decideBattle(in *mail.Inbound, rec *store.MessageRecord, c *store.Campaign, a *store.Approval, token string) (decision, error) {
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return decision{}, err
	}
	i := slices.IndexFunc(cases, func(b *store.BattleCase) bool { return b.ID == a.Battle })
	reply := func(outcome store.Outcome, detail, text string) (decision, error) {
		rec.Outcome, rec.Campaign, rec.Detail = outcome, string(c.ID), detail
		return decision{mails: []outgoing{{msg: m.reply(in, fmt.Sprintf("[%s] Battle %s", c.ID, a.Battle), text), campaign: string(c.ID), purpose: "answer"}}}, nil
	}
	if i < 0 || cases[i].Status == store.BattleFinal {
		return reply(store.Rejected, "battle already settled", fmt.Sprintf("Battle %s is already settled, so this reply changed nothing.\n", a.Battle))
	}
	bc := *cases[i]
	words := strings.Fields(strings.ToLower(strings.SplitN(strings.TrimSpace(string(in.Text)), "\n", 2)[0]))
	used := *a
	used.Used = m.clock.Now().UTC()
	markUsed := func(tx *store.Tx) error { return tx.PutApproval(hashToken(token), &used) }
	r := &request{in: in, rec: rec, c: c, reject: nil, sub: &orders.Submission{}}
	switch {
	case len(words) == 1 && words[0] == "auto":
		bc.Status, bc.Settled = store.BattleFinal, "fought by pbemd at the GM's word"
		mails, apply, err := m.settlement(c, &bc, in.MessageID, fightPending(bc.ID))
		if err != nil {
			return decision{}, err
		}
		d, err := r.done("battle decided", m.answer(r, fmt.Sprintf("Battle %s decided", bc.ID), "pbemd fought the battle; every player has been told.\n"), decision{mails: mails, apply: steps(apply, markUsed)})
		return d, err
	case len(words) == 2 && words[0] == "accept":
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 || n > len(bc.Results) {
			break
		}
		d, err := m.settleBattle(r, &bc, bc.Results[n-1].Result, fmt.Sprintf("decided by the GM for %s's result", bc.Results[n-1].By))
		d.apply = steps(d.apply, markUsed)
		return d, err
	}
	return reply(store.Rejected, "no verdict", "I could not read a decision. Put accept 1, accept 2 or auto alone on the first line and reply again to the same mail. Nothing changed; the reply address still works.\n")
}

// battleClocks settles the battles whose clocks ran out: a side that sent
// nothing by the contact deadline withdraws (UTD3.42, UTD3.43); past the
// resolve deadline the campaign's timeout rule decides (UTD3.5). It
// returns when the next clock runs out.
func (m *Moderator) battleClocks(c *store.Campaign) (time.Time, error) {
	var cases []*store.BattleCase
	if err := m.db.View(func(tx *store.Tx) (err error) { cases, err = tx.Battles(c.ID); return err }); err != nil {
		return time.Time{}, err
	}
	now := m.clock.Now()
	var next time.Time
	later := func(t time.Time) {
		if t.After(now) && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	for _, b := range cases {
		if b.Status == store.BattleFinal {
			continue
		}
		bc := *b
		base := fmt.Sprintf("clock.%s.%s.%d", c.ID, bc.ID, now.Unix())
		var mails []outgoing
		var apply func(tx *store.Tx) error
		var err error
		switch {
		case !now.Before(bc.ResolveBy) && c.Moderation.Battles.Timeout == campaign.TimeoutAuto:
			bc.Status, bc.Settled = store.BattleFinal, "fought by pbemd when the time to settle it ran out (UTD3.5)"
			mails, apply, err = m.settlement(c, &bc, base, fightPending(bc.ID))
		case !now.Before(bc.ResolveBy) && !bc.AskedGM:
			var ask outgoing
			var token string
			ask, token, err = m.askGMBattle(c, &bc, base, "The time to settle it ran out (UTD3.5).")
			mails, apply = []outgoing{ask}, steps(func(tx *store.Tx) error { return tx.PutBattle(c.ID, &bc) }, m.battleApproval(c, &bc, token))
		case !now.Before(bc.ContactBy) && len(bc.Heard) > 0 && len(bc.Heard) < len(bc.Sides) && bc.Status != store.BattleDisputed:
			mails, apply, err = m.withdrawSilent(c, &bc, base)
		default:
			later(bc.ContactBy)
			later(bc.ResolveBy)
			continue
		}
		if err != nil {
			return time.Time{}, err
		}
		composed, err := compose(mails)
		if err != nil {
			return time.Time{}, err
		}
		err = m.db.Update(func(tx *store.Tx) error {
			if err := apply(tx); err != nil {
				return err
			}
			return enqueue(tx, composed)
		})
		if err != nil {
			return time.Time{}, err
		}
		m.log.Info("battle clock ran out", "campaign", c.ID, "battle", bc.ID, "status", bc.Status)
		wake(m.wakeSender)
		later(bc.ResolveBy)
	}
	return next, nil
}

// withdrawSilent settles a battle whose contact clock ran out with a side
// that never answered: that side's ships withdraw, everyone else's stay
// (UTD3.42, UTD3.43).
func (m *Moderator) withdrawSilent(c *store.Campaign, bc *store.BattleCase, base string) ([]outgoing, func(tx *store.Tx) error, error) {
	var silent []string
	for _, p := range bc.Sides {
		if !slices.Contains(bc.Heard, p) {
			silent = append(silent, string(p))
		}
	}
	bc.Status = store.BattleFinal
	bc.Settled = fmt.Sprintf("%s sent nothing in time and withdrew (UTD3.42, UTD3.43)", strings.Join(silent, ", "))
	return m.settlement(c, bc, base, func(rb game.ReportedBattles, st *campaign.State) ([]game.Event, []game.BattleLog, error) {
		i := slices.IndexFunc(st.Battles, func(b campaign.Battle) bool { return b.ID == bc.ID })
		if i < 0 {
			return nil, nil, fmt.Errorf("battle %s is not pending", bc.ID)
		}
		b := st.Battles[i]
		to := rb.Retreats(st, b)
		r := &orders.BattleResult{}
		for _, ref := range rb.ShipRefs(b) {
			if slices.Contains(silent, string(ref.Owner)) && len(to) > 0 {
				r.Ships = append(r.Ships, orders.ShipFate{Ship: ref.Ref, Fate: "disengaged", Direction: to[0]})
			}
		}
		events, err := rb.ApplyResult(st, bc.ID, r, bc.Settled)
		return events, nil, err
	})
}
