package thunderdome

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// Non-player empires in battles the players fight and report (battles:
// reported): a player other than the one who meets the NPE volunteers to
// play it (UTD5.231, UTD5.233), called for by a poll of one week; nobody
// in time is an automatic Anschluss (UTD5.2A1).

var _ game.Polls = Ruleset{}

// VolunteerDays is how long a call for a volunteer to play an NPE stays
// open (UTD5.231).
const VolunteerDays = 7

// The kind of poll that calls for a volunteer, its one option, and its
// outcome when nobody answers (campaign.Poll).
const (
	PollVolunteer = "npe-volunteer"
	Volunteer     = "volunteer"
	NoVolunteer   = "none"
)

// npePoll is what a poll about an NPE records (campaign.Poll.Data): the
// NPE's sector and the player who meets it.
type npePoll struct {
	At     campaign.SystemID `json:"at"`
	Player campaign.PlayerID `json:"player"`
}

// callVolunteer opens the call for a volunteer to play the NPE at a
// sector against the current player (UTD5.231): every other active
// player may answer, the first who does plays it, and the turn waits at
// step 8 until the call closes. With nobody to ask, the Anschluss follows
// at once.
func (t *turn) callVolunteer(n *NPE, budget int) {
	var voters []campaign.PlayerID
	for _, p := range t.st.Players {
		if p.Active() && p.ID != t.player {
			voters = append(voters, p.ID)
		}
	}
	if len(voters) == 0 {
		t.emit(EventBattle, n.At, "UTD5.231", "Nobody but %s is left to play the %s at %s (UTD5.231).", t.player, n.Empire, n.At)
		t.anschluss(n.At, t.fighter(t.player, n.At))
		return
	}
	data, err := json.Marshal(npePoll{At: n.At, Player: t.player})
	if err != nil {
		panic(fmt.Sprintf("thunderdome: marshal poll: %v", err)) // plain data: cannot fail
	}
	text := fmt.Sprintf("%s's fleet met the %s at %s, a non-player empire. It fields %d BPV against them (UTD5.25). "+
		"Any player but %s may volunteer to play it in the battle (UTD5.231); the first to volunteer does. "+
		"If nobody volunteers within %d days, it surrenders to %s without a fight: an Anschluss (UTD5.2A1).",
		t.player, n.Empire, n.At, budget, t.player, VolunteerDays, t.player)
	t.st.Polls = append(t.st.Polls, campaign.Poll{
		ID: fmt.Sprintf("npe-%s-t%d", n.At, t.st.Turn-1), Kind: PollVolunteer,
		Subject: fmt.Sprintf("Who plays the %s at %s against %s?", n.Empire, n.At, t.player), Text: text,
		Voters: voters, Options: []string{Volunteer}, Need: 1, Default: NoVolunteer,
		Opened: t.st.Turn - 1, Lasts: VolunteerDays * 24 * time.Hour, Data: data,
	})
	t.emit(EventBattle, n.At, "UTD5.231", "%s; the turn waits for a volunteer (UTD5.231).", text[:len(text)-1])
}

// calling reports whether a call for a volunteer is open: the turn that
// opened it waits at step 8 (UTD5.231).
func calling(st *campaign.State) bool {
	return slices.ContainsFunc(st.Polls, func(p campaign.Poll) bool { return p.Kind == PollVolunteer })
}

// Decide applies a closed poll about an NPE (game.Polls). A call for a
// volunteer answered sets up the battle, the volunteer playing the NPE
// (UTD5.231): it adds a pending battle to st, for the moderator to open
// and mail to its sides as a turn's battle. Nobody in time is an
// automatic Anschluss (UTD5.2A1), and when no battle is left pending the
// turn goes on with steps 9–12 and opens the next player's turn.
func (Ruleset) Decide(st *campaign.State, p campaign.Poll, outcome string) ([]game.Event, error) {
	if p.Kind != PollVolunteer {
		return nil, fmt.Errorf("thunderdome: no poll of kind %q", p.Kind)
	}
	if outcome != Volunteer && outcome != NoVolunteer {
		return nil, fmt.Errorf("thunderdome: poll %s: no outcome %q (want %s or %s)", p.ID, outcome, Volunteer, NoVolunteer)
	}
	var d npePoll
	if err := json.Unmarshal(p.Data, &d); err != nil {
		return nil, fmt.Errorf("thunderdome: poll %s: read its data: %w", p.ID, err)
	}
	x, err := load(st)
	if err != nil {
		return nil, err
	}
	t := &turn{st: st, x: x, g: campaign.NewGraph(st.Map), player: x.current()}
	n, f := x.npeAt(d.At), t.fighter(d.Player, d.At)
	volunteer := ""
	for _, v := range p.Votes {
		if v.Option == Volunteer && v.Player != d.Player && volunteer == "" {
			volunteer = string(v.Player)
		}
	}
	switch {
	case n == nil || f == nil:
		t.emit(EventBattle, d.At, "UTD5.231", "The call for a volunteer at %s closed, and there is no battle left to fight there.", d.At)
	case outcome == NoVolunteer || volunteer == "":
		t.emit(EventBattle, d.At, "UTD5.231", "Nobody volunteered within %d days to play the %s at %s (UTD5.231).", VolunteerDays, n.Empire, d.At)
		t.anschluss(d.At, f)
	default:
		t.awaitNPE(n, f, campaign.PlayerID(volunteer))
	}
	if len(st.Battles) == 0 && !calling(st) {
		t.postBattle()
	}
	x.prune(st)
	x.save(st)
	return t.events, nil
}

// awaitNPE records the battle of a player's fleet against an NPE that a
// volunteer plays (UTD5.231, UTD5.25): the NPE's force is built as pbemd
// builds it (npeForce) and stands in the battle as a fleet of the
// volunteer's, so that the volunteer gets the battle's mail and reports
// its result like any side.
func (t *turn) awaitNPE(n *NPE, f *campaign.Fleet, volunteer campaign.PlayerID) {
	bpv := unitsEBPV(t.st, f.Units)
	budget, _ := NPEBudget(bpv, n.Losses, n.Offset)
	force := t.x.npeForce(t.st, t.x.npeEmpire(n.Empire), budget, 0)
	cbpv := 0
	for _, u := range force {
		if c := t.st.Catalogue.Class(u); c != nil {
			cbpv += c.CBPV
		}
	}
	b := campaign.Battle{ID: fmt.Sprintf("T%d-npe-%s", t.st.Turn-1, n.At), Turn: t.st.Turn - 1, At: n.At,
		Sides: []campaign.PlayerID{f.Owner, volunteer},
		Fleets: []campaign.BattleFleet{
			{Owner: f.Owner, ID: f.ID, Units: slices.Clone(f.Units), CBPV: t.st.FleetCBPV(f)},
			{Owner: volunteer, ID: npeFleet, Units: force, CBPV: cbpv},
		}}
	t.st.Battles = append(t.st.Battles, b)
	t.emit(EventBattle, n.At, "UTD5.231", "Battle %s at %s (UTD2.3 step 8): %s with fleet %s (%s) against the %s, played by %s (UTD5.231), fielding %d BPV: %s (UTD5.25). Its sides fight it and report the result.",
		b.ID, n.At, f.Owner, f.ID, campaign.UnitList(f.Units), n.Empire, volunteer, budget, campaign.UnitList(force))
}

// npeBattle returns the NPE a pending battle is fought against, and its
// side's player, the volunteer; nil when the battle is between players.
func (x *Ext) npeBattle(b campaign.Battle) (*NPE, campaign.PlayerID) {
	if len(b.Fleets) != 2 || b.Fleets[1].ID != npeFleet || len(b.Sides) != 2 {
		return nil, ""
	}
	return x.npeAt(b.At), b.Sides[1]
}

// npeRef reports whether a ship of a battle's result is one of the NPE's.
func npeRef(b campaign.Battle, ref game.ShipRef) bool {
	return len(b.Fleets) == 2 && b.Fleets[1].ID == npeFleet && ref.Owner == b.Sides[1] && ref.Fleet == npeFleet
}

// npeSettled settles the NPE's side of a reported battle (UTD5.2531,
// UTD5.27, UTD5.2A2): what its ships suffered adds to its losses, its
// survivors are overhauled, and if the attacker holds the field it is
// conquered.
func (t *turn) npeSettled(r Ruleset, b campaign.Battle, fates map[string]string, damage map[string]int, attackerHolds bool) {
	n, _ := t.x.npeBattle(b)
	if n == nil {
		return
	}
	for _, ref := range r.ShipRefs(b) {
		if npeRef(b, ref) {
			if fate, ok := fates[ref.Ref]; ok {
				n.Losses += npeLoss(t.st, ref.Class, fate, damage[ref.Ref])
			}
		}
	}
	if attackerHolds {
		t.conquer(b.At, b.Sides[0])
		return
	}
	t.npeHolds(n)
}
