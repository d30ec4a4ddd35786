package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// The event kinds of TD IV.
const (
	EventOrder     game.EventKind = "order"
	EventOpen      game.EventKind = "turn-open"
	EventRetreat   game.EventKind = "retreat"
	EventExplore   game.EventKind = "explore"
	EventBattle    game.EventKind = "battle"
	EventCapture   game.EventKind = "capture"
	EventOwnership game.EventKind = "ownership"
	EventCycle     game.EventKind = "cycle"
	EventVictory   game.EventKind = "victory"
)

// MineIncome is what a developed mine pays its owner at step 2 of their
// turn (UTD4.344).
const MineIncome = 100

// turn is one player turn being resolved: the state it makes, and what
// happened.
type turn struct {
	st     *campaign.State
	x      *Ext
	g      *campaign.Graph
	player campaign.PlayerID
	events []game.Event
	// plan is the exploration order the player gave (UTD5.122).
	plan []*Explore
	// seen is, under the vision house rule, what each player has seen so
	// far this turn (look); nil under public play.
	seen map[campaign.PlayerID]map[campaign.SystemID]bool
}

// emit records an event: public (UTD3.1), or under the vision house rule
// told to its audience.
func (t *turn) emit(kind game.EventKind, at campaign.SystemID, rule, format string, args ...any) {
	e := t.x.event(t.st, kind, at, rule, format, args...)
	if t.x.House.Vision > 0 {
		e.Players = t.audience(kind, at)
	}
	t.events = append(t.events, e)
}

// look adds what every player sees now to what they have seen this turn,
// under the vision house rule. Resolve looks when the turn opens, after
// the orders and after the retreats arrive (step 6): a player learns of
// an event in a sector they saw at one of those moments.
func (t *turn) look() {
	if t.x.House.Vision <= 0 {
		return
	}
	if t.seen == nil {
		t.seen = map[campaign.PlayerID]map[campaign.SystemID]bool{}
	}
	for _, p := range t.st.Players {
		if t.seen[p.ID] == nil {
			t.seen[p.ID] = map[campaign.SystemID]bool{}
		}
		for id := range t.x.sight(t.st, t.g, p.ID) {
			t.seen[p.ID][id] = true
		}
	}
}

// audience is who learns of an event under the vision house rule: for an
// event in a sector, every player who saw it this turn (look); a new
// cycle and the end of the campaign, everyone; anything else, the
// player whose turn it is: their orders and their outcomes, and what
// their turn's opening did (reading of the house rule).
func (t *turn) audience(kind game.EventKind, at campaign.SystemID) []campaign.PlayerID {
	switch {
	case at != "":
		var out []campaign.PlayerID
		for _, p := range t.st.Players {
			if t.seen[p.ID][at] {
				out = append(out, p.ID)
			}
		}
		return out
	case kind == EventCycle || kind == EventVictory:
		return t.st.PlayerIDs()
	}
	return []campaign.PlayerID{t.player}
}

// Resolve plays the open player turn: the player's orders (steps 4–5,
// UTD2.3), applied as Check applied them, then steps 6–12, and opens the
// next player's turn (steps 1–3). Every player gets the public report
// (UTD3.1). A current player who left the campaign while the turn was open
// plays nothing; a campaign that ended while it was open (Resign) ends
// with it.
func (Ruleset) Resolve(gt game.Turn) *game.Result {
	prev := gt.State
	next := prev.Clone()
	x, err := load(next)
	if err != nil {
		next.Turn++
		ev := game.Event{Kind: game.EventNotice, Players: prev.PlayerIDs(), Text: err.Error()}
		return &game.Result{Next: next, Events: []game.Event{ev}, Views: viewsOf(next, &Ext{}, []game.Event{ev})}
	}
	t := &turn{st: next, x: x, g: campaign.NewGraph(next.Map), player: x.current()}
	for _, n := range gt.Notices {
		t.events = append(t.events, game.Event{Kind: game.EventNotice, Players: next.PlayerIDs(), Text: n})
	}
	t.events = append(t.events, gt.Carried...)
	t.look()
	t.departures()
	if next.Ended {
		next.Turn++
		t.emit(EventVictory, "", "UTD1.9", "%s", victoryText(next.Winner))
		x.save(next)
		return &game.Result{Next: next, Events: t.events, Views: viewsOf(next, x, t.events)}
	}
	if len(prev.Battles) > 0 || calling(prev) {
		next.Turn++
		// The turn waits on its battles and nothing else happens, even
		// when the GM moves it on (reading, UTD2.3 s8).
		what := "the results of battles " + strings.Join(battleIDs(prev.Battles), ", ")
		if len(prev.Battles) == 0 {
			what = "a volunteer to play a non-player empire (UTD5.231)"
		}
		t.emit(game.EventNotice, "", "UTD2.3", "%s's turn still waits for %s (UTD2.3 step 8): nothing else happens until they are settled.", t.player, what)
		return &game.Result{Next: next, Events: t.events, Views: viewsOf(next, x, t.events)}
	}
	if p := next.Player(t.player); p != nil && p.Active() {
		// The orders play on the turn Check applied them to, with the
		// same dice (UTD6.121); the steps after them count toward the
		// next.
		t.orders(gt.Orders[t.player])
		t.intentions()
	}
	next.Turn++
	t.look()
	t.retreats() // step 6
	t.look()
	t.explore() // step 7
	t.battles() // step 8
	if len(next.Battles) == 0 && !calling(next) {
		t.postBattle() // steps 9–12, then 1–3 of the next player's turn
	}
	x.prune(next)
	x.save(next)
	return &game.Result{Next: next, Events: t.events, Views: viewsOf(next, x, t.events)}
}

// postBattle ends the turn once its battles are over: step 9's captures,
// steps 10–12, and, unless the campaign is won, steps 1–3 of the next
// player's turn.
func (t *turn) postBattle() {
	t.captures() // step 9
	t.arrive()   // step 10: defenses and a replacement capital bought
	t.yards()    // steps 10–11: new construction, yards' self-repair
	t.advance()  // steps 10–12
	if !t.st.Ended {
		t.open() // steps 1–3 of the next player's turn
	}
}

// orders applies the player's orders (steps 4–5), or forfeits the turn
// of a player who sent none: no orders, income still paid (UTD3.31).
func (t *turn) orders(sub *orders.Submission) {
	if sub == nil {
		t.events = append(t.events, game.Event{Kind: game.EventForfeit, Players: t.st.PlayerIDs(), Rule: "UTD3.31",
			Text: fmt.Sprintf("%s sent no orders in time: the turn is forfeited, and income still accrues (UTD3.31).", t.player)})
		return
	}
	list, err := content(sub)
	if err != nil {
		t.emit(game.EventNotice, "", "", "%s's orders on file could not be read: %v", t.player, err)
		return
	}
	prefs, err := prefsOf(sub)
	if err != nil {
		t.emit(game.EventNotice, "", "", "%s's preferences on file could not be read: %v", t.player, err)
		return
	}
	var problems orders.Collector
	c := newCtx(t.st, t.x, t.player, &problems)
	if c.run(list) {
		c.setPrefs(prefs)
	}
	for _, o := range c.outcomes {
		text := fmt.Sprintf("%s: %s (%s%s)", t.player, o.Order, pts(o.Points), bpvNote(o.BPV))
		for _, s := range o.Text {
			text += "; " + s
		}
		t.emit(EventOrder, "", "UTD6.121", "%s.", text)
	}
	if err := problems.Err(); err != nil {
		t.emit(game.EventNotice, "", "", "%s's orders stopped where one was refused: %v", t.player, err)
	}
	for _, o := range list[:len(c.outcomes)] {
		if e, ok := o.Kind.(*Explore); ok {
			t.plan = append(t.plan, e)
		}
	}
}

// retreats moves every fleet that disengaged on the previous player turn
// to its destination (step 6, UTD7.4665). Arriving where an enemy fleet
// is starts a battle, the arriving player attacking (UTD7.4561).
func (t *turn) retreats() {
	var stay []Retreat
	for _, r := range t.x.Retreats {
		if r.Turn >= t.st.Turn {
			stay = append(stay, r)
			continue
		}
		f := t.st.Fleet(r.Owner, r.Fleet)
		if f == nil {
			continue
		}
		f.At = r.To
		fs := t.x.fleet(r.Owner, r.Fleet)
		fs.Entered, fs.EnteredCycle = t.st.Turn, t.x.Cycle
		fs.Trapped, fs.SiegeFails = false, 0 // it left the fortification behind
		t.emit(EventRetreat, r.To, "UTD7.4665", "Fleet %s of %s retreated from %s to %s.", r.Fleet, r.Owner, r.From, r.To)
	}
	t.x.Retreats = stay
}

// retreating reports whether a fleet is on its way out of its sector
// (UTD7.4665): it holds nothing there any more.
func (x *Ext) retreating(owner campaign.PlayerID, id campaign.FleetID) bool {
	return slices.ContainsFunc(x.Retreats, func(r Retreat) bool { return r.Owner == owner && r.Fleet == id })
}

// advance closes the turn (steps 10–12): unbanked income is lost, or
// banked if a new capital stands by now (UTD4.3236), temporary points and retreat debt end (UTD6.21,
// UTD7.46725), players with no unit left on the map are out and the last
// one wins (UTD4.32, UTD1.9); then the next player in the turn order
// takes the turn, and after the last the cycle adds 0.5 (UTD2.2).
func (t *turn) advance() {
	if e := t.x.empire(t.player); e != nil {
		switch {
		case e.Unbanked > 0 && e.Capital != "":
			// A capital designated or bought this turn stands now: its
			// bank takes what is left (reading of UTD4.3236).
			t.x.setBank(t.st, t.player, t.x.bank(t.st, t.player)+e.Unbanked)
			t.emit(game.EventNotice, "", "UTD4.3236", "%s's new capital at %s banks the %s BPV of income not spent this turn (UTD4.3236).", t.player, e.Capital, e.Unbanked)
		case e.Unbanked > 0:
			t.emit(game.EventNotice, "", "UTD4.3236", "%s has no capital, so the %s BPV of income not spent this turn are lost (UTD4.3236).", t.player, e.Unbanked)
		}
		e.Unbanked, e.Temporary, e.Owed = 0, 0, 0
	}
	var left []campaign.PlayerID
	for _, p := range t.st.Players {
		if !p.Active() {
			continue
		}
		if t.x.onMap(t.st, p.ID) {
			left = append(left, p.ID)
			continue
		}
		t.st.Drop(p.ID, "eliminated: no unit left on the map (UTD4.32)")
		t.x.Gone = append(t.x.Gone, p.ID)
		t.events = append(t.events, game.Event{Kind: game.EventEliminated, Players: t.st.PlayerIDs(), Rule: "UTD4.32",
			Text: fmt.Sprintf("%s has no unit left on the map and is out of the campaign (UTD4.32).", p.ID)})
		t.x.leave(t.st, p.ID, t.emit)
	}
	if len(left) <= 1 && len(t.st.Players) > 1 {
		t.win(left)
		return
	}
	for range t.x.Order {
		t.x.Current++
		if t.x.Current >= len(t.x.Order) {
			t.x.Current = 0
			t.x.Cycle++
			year, spring := t.x.Year(t.x.Cycle)
			t.emit(EventCycle, "", "UTD2.2", "Cycle %s begins: %s Y%d (UTD2.2).", CycleLabel(t.x.Cycle), season(spring), year)
		}
		if p := t.st.Player(t.x.current()); p != nil && p.Active() {
			return
		}
	}
}

// season names the half of the year a cycle falls in (UTD2.2).
func season(spring bool) string {
	if spring {
		return "spring"
	}
	return "fall"
}

// win ends the campaign: the last player on the map wins (UTD1.9).
func (t *turn) win(left []campaign.PlayerID) {
	t.events = append(t.events, end(t.st, t.x, left))
}

// end ends the campaign of st with the players left, the last of whom
// wins (UTD1.9), and returns the event that tells everyone.
func end(st *campaign.State, x *Ext, left []campaign.PlayerID) game.Event {
	st.Ended, st.Winner = true, ""
	if len(left) == 1 {
		st.Winner = left[0]
	}
	return x.event(st, EventVictory, "", "UTD1.9", "%s", victoryText(st.Winner))
}

// victoryText tells who won the campaign (UTD1.9).
func victoryText(winner campaign.PlayerID) string {
	if winner == "" {
		return "No player is left on the map: the campaign ends without a winner (UTD1.9)."
	}
	return fmt.Sprintf("%s is the last player on the map and wins the campaign (UTD1.9). There can be only one.", winner)
}

// open opens the current player's turn: steps 1–3 of UTD2.3. Pending
// developments whose fleet is still there appear (UTD4.331), sectors held
// since the player's last turn become theirs (UTD4.13), mines pay
// (UTD4.344), and every ship resupplies and repairs itself (UTD7.53).
func (t *turn) open() {
	p := t.x.current()
	t.player = p
	t.x.Opening = nil
	say := func(rule, format string, args ...any) {
		text := fmt.Sprintf(format, args...)
		t.x.Opening = append(t.x.Opening, text)
		t.emit(EventOpen, "", rule, "%s", text)
	}
	if e := t.x.empire(p); e != nil {
		e.Owed, e.RetreatDebt = e.RetreatDebt, 0
		if e.Owed > 0 {
			say("UTD7.4663", "%s owes %s for retreats, paid first from this turn's order points (UTD7.4663).", p, pts(e.Owed))
		}
	}
	t.develop(p, say)
	t.claim(p, say)
	t.income(p, say)
	t.repair(p, say)
	for i := range t.st.Fleets {
		if f := &t.st.Fleets[i]; f.Owner == p {
			t.x.fleet(p, f.ID).Started = f.At
		}
	}
}

// develop makes the player's pending developments appear (step 1) if the
// fleet that established each is still in its sector (UTD4.331, UTD4.341,
// UTD4.351), and removes the fortifications ordered removed (UTD4.352).
func (t *turn) develop(p campaign.PlayerID, say func(rule, format string, args ...any)) {
	var keep []Pending
	for _, d := range t.x.Pending {
		if d.Owner != p {
			keep = append(keep, d)
			continue
		}
		f := t.st.Fleet(p, d.Fleet)
		switch {
		case f == nil || f.At != d.At || t.x.retreating(p, d.Fleet):
			say("UTD4.331", "The %s %s ordered at %s did not appear: fleet %s did not hold the sector (UTD4.331).", p, what(d), d.At, d.Fleet)
		case d.Remove:
			t.st.Developments = slices.DeleteFunc(t.st.Developments, func(o campaign.Development) bool {
				return o.At == d.At && o.Owner == p && o.Kind == campaign.Fortification
			})
			say("UTD4.352", "%s removed its fortification at %s (UTD4.352).", p, d.At)
			t.untrap(d.At)
		default:
			t.st.Developments = append(t.st.Developments, campaign.Development{At: d.At, Owner: p, Kind: d.Kind, Since: t.st.Date()})
			say("UTD4.331", "%s's new %s at %s appeared (UTD2.3 step 1).", p, d.Kind, d.At)
		}
	}
	t.x.Pending = keep
}

// what names a pending development: "colony", "fortification removal".
func what(d Pending) string {
	if d.Remove {
		return "fortification removal"
	}
	return string(d.Kind)
}

// claim gives the player every sector one of their fleets has held since
// before this turn (UTD4.13): entered on an earlier player turn and still
// there, with no enemy fleet there and no enemy fortification, which
// blocks the change (UTD4.353), unless the player disavowed it.
func (t *turn) claim(p campaign.PlayerID, say func(rule, format string, args ...any)) {
	for _, f := range t.st.Fleets {
		fs := t.x.fleet(f.Owner, f.ID)
		if f.Owner != p || fs.Entered >= t.st.Turn || t.x.retreating(p, f.ID) {
			continue
		}
		s := t.x.sector(f.At)
		if s == nil || s.Owner == p || s.Type == Unknown || slices.Contains(s.Disavowed, p) || t.x.npeAt(f.At) != nil ||
			enemyFleetAt(t.st, p, f.At) != "" || enemyFortAt(t.st, p, f.At) != "" {
			continue
		}
		was := s.Owner
		s.Owner = p
		if was == "" {
			say("UTD4.13", "%s now owns %s (UTD4.13).", p, f.At)
		} else {
			say("UTD4.13", "%s now owns %s, which was %s's (UTD4.13).", p, f.At, was)
		}
	}
}

// income pays the player 100 BPV for each developed mine of theirs in a
// sector they own (step 2, UTD4.344, UTD4.13): into the bank with a
// capital, else to spend this turn or lose (UTD4.3236).
func (t *turn) income(p campaign.PlayerID, say func(rule, format string, args ...any)) {
	mines := 0
	for _, d := range t.st.Developments {
		if s := t.x.sector(d.At); d.Owner == p && d.Kind == campaign.Mine && s != nil && s.Owner == p {
			mines++
		}
	}
	e := t.x.empire(p)
	if mines == 0 || e == nil {
		return
	}
	inc := whole(mines * MineIncome)
	t.credit(p, inc)
	if e.Capital != "" {
		say("UTD4.344", "%s's %s paid %s BPV into the bank at the capital (UTD4.344).", p, plural(mines, "mine"), inc)
		return
	}
	say("UTD4.3236", "%s's %s paid %s BPV; without a capital it must be spent this turn or is lost (UTD4.3236).", p, plural(mines, "mine"), inc)
}

// repair resupplies the player's ships and lets each repair as many
// damage points as its damage-control rating (step 3, UTD7.53); a
// captured ship not yet inspected repairs nothing (UTD6.3773).
func (t *turn) repair(p campaign.PlayerID, say func(rule, format string, args ...any)) {
	for i := range t.st.Fleets {
		f := &t.st.Fleets[i]
		if f.Owner != p || len(f.Damage) == 0 {
			continue
		}
		mended := 0
		for j := range f.Damage {
			d := &f.Damage[j]
			c := t.st.Catalogue.Class(f.Units[d.Unit])
			if c == nil || c.Damcon == 0 || f.IsCaptured(d.Unit) {
				continue
			}
			fix := min(c.Damcon, d.Structure)
			d.Structure -= fix
			mended += fix
		}
		f.Damage = slices.DeleteFunc(f.Damage, func(d campaign.UnitDamage) bool { return d == campaign.UnitDamage{Unit: d.Unit} })
		if mended > 0 {
			say("UTD7.53", "Fleet %s of %s repaired %s by itself (UTD7.53).", f.ID, p, plural(mended, "damage point"))
		}
	}
}
