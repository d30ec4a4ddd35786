package thunderdome

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/pbemd/pbemd/battle"
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// Non-player empires in battles the players fight and report (battles:
// reported): a player other than the one who meets the NPE volunteers to
// play it (UTD5.231, UTD5.233), called for by a poll of one week; nobody
// in time is an automatic Anschluss (UTD5.2A1).

var _ game.Polls = Ruleset{}

// VolunteerDays is how long a call for a volunteer to play an NPE stays
// open (UTD5.231).
const VolunteerDays = 7

// ObjectionDays is how long players may object to a negotiated end of a
// battle against an NPE (UTD5.26, reading: the contact clock's three
// days, UTD3.4).
const ObjectionDays = 3

// The kinds of poll about NPEs (campaign.Poll), each with its one option
// and its outcome when nobody chooses it: the call for a volunteer
// (UTD5.231), the call for objections to a negotiated end, and the vote
// of all players on it once somebody objects (UTD5.26).
const (
	PollVolunteer = "npe-volunteer"
	Volunteer     = "volunteer"
	NoVolunteer   = "none"

	PollObjection = "npe-objection"
	Object        = "object"
	NoObjection   = "none"

	PollApproval = "npe-approval"
	Approve      = "approve"
	Reject       = "reject"
)

// The negotiated ends of a battle against an NPE (orders.BattleResult
// Negotiated, UTD5.224): it surrendered before combat began, or once it
// had (UTD5.26: then only a conquest).
const (
	SurrenderAnschluss = "anschluss"
	SurrenderConquest  = "conquest"
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
	voters := slices.DeleteFunc(t.st.ActivePlayers(), func(p campaign.PlayerID) bool { return p == t.player })
	if len(voters) == 0 {
		t.emit(EventBattle, n.At, "UTD5.231", "Nobody but %s is left to play the %s at %s (UTD5.231).", t.player, n.Empire, n.At)
		t.anschluss(n.At, t.player, t.fighter(t.player, n.At))
		return
	}
	text := fmt.Sprintf("%s's fleet met the %s at %s, a non-player empire. It fields %d BPV against them (UTD5.25). "+
		"Any player but %s may volunteer to play it in the battle (UTD5.231); the first to volunteer does. "+
		"If nobody volunteers within %d days, it surrenders to %s without a fight: an Anschluss (UTD5.2A1).",
		t.player, n.Empire, n.At, budget, t.player, VolunteerDays, t.player)
	t.openPoll(campaign.Poll{
		ID: fmt.Sprintf("npe-%s-t%d", n.At, t.st.Turn-1), Kind: PollVolunteer,
		Subject: fmt.Sprintf("Who plays the %s at %s against %s?", n.Empire, n.At, t.player), Text: text,
		Voters: voters, Options: []string{Volunteer}, Need: 1, Default: NoVolunteer,
		Opened: t.st.Turn - 1, Lasts: VolunteerDays * 24 * time.Hour,
	}, npePoll{At: n.At, Player: t.player})
	t.emit(EventBattle, n.At, "UTD5.231", "%s The turn waits for a volunteer (UTD5.231).", text)
}

// calling reports whether a call for a volunteer is open: the turn that
// opened it waits at step 8 (UTD5.231).
func calling(st *campaign.State) bool { return len(callIDs(st)) > 0 }

// callIDs lists the IDs of the calls for a volunteer open in st.
func callIDs(st *campaign.State) []string {
	var out []string
	for _, p := range st.Polls {
		if p.Kind == PollVolunteer {
			out = append(out, p.ID)
		}
	}
	return out
}

// Decide applies a closed poll about an NPE (game.Polls).
//
// A call for a volunteer answered sets up the battle, the volunteer
// playing the NPE (UTD5.231): it adds a pending battle to st, for the
// moderator to open and mail to its sides as a turn's battle. Nobody in
// time is an automatic Anschluss (UTD5.2A1), and when no battle is left
// pending the turn goes on with steps 9–12 and opens the next player's
// turn.
//
// A negotiated end nobody objected to, or that a supermajority of all
// players approved, takes effect: the Anschluss or the conquest
// (UTD5.224, UTD5.26). An objection opens the vote on it; a rejection
// voids it, and the NPE meets the player's fleets again.
func (Ruleset) Decide(st *campaign.State, p campaign.Poll, outcome string) ([]game.Event, error) {
	want, ok := pollOptions[p.Kind]
	if !ok {
		return nil, fmt.Errorf("thunderdome: no poll of kind %q", p.Kind)
	}
	if !slices.Contains(want[:], outcome) {
		return nil, fmt.Errorf("thunderdome: poll %s: no outcome %q (want %s or %s)", p.ID, outcome, want[0], want[1])
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
	n := x.npeAt(d.At)
	switch {
	case n == nil:
		t.emit(EventBattle, d.At, "UTD5.2", "Poll %s closed: %s; there is no non-player empire at %s any more.", p.ID, outcome, d.At)
	case p.Kind == PollVolunteer:
		t.volunteered(n, d, p, outcome)
	case p.Kind == PollObjection && outcome == Object:
		t.callApproval(n, p)
	case outcome == NoObjection || outcome == Approve:
		t.emit(EventCapture, d.At, "UTD5.26", "The %s at %s surrenders to %s as negotiated: %s (UTD5.224, UTD5.26).", n.Empire, d.At, n.Victor, approvedBy(outcome))
		t.surrender(n)
	default:
		t.emit(EventBattle, d.At, "UTD5.26", "No supermajority of all players approved the negotiated %s of the %s at %s: it is void, and the %s meets %s's fleets there again at step 8 of their turn (UTD5.26).",
			n.Surrender, n.Empire, d.At, n.Empire, n.Victor)
		n.Surrender, n.Victor = "", ""
	}
	if p.Kind == PollVolunteer && len(st.Battles) == 0 && !calling(st) {
		t.postBattle()
	}
	x.prune(st)
	x.save(st)
	return t.events, nil
}

// pollOptions are the outcomes of each kind of NPE poll: the option
// voted for, then the default.
var pollOptions = map[string][2]string{
	PollVolunteer: {Volunteer, NoVolunteer},
	PollObjection: {Object, NoObjection},
	PollApproval:  {Approve, Reject},
}

// approvedBy says why a negotiated end takes effect.
func approvedBy(outcome string) string {
	if outcome == Approve {
		return "a supermajority of all players approved it"
	}
	return "nobody objected"
}

// volunteered applies a closed call for a volunteer: the battle with the
// first volunteer playing the NPE, or the Anschluss (UTD5.231).
func (t *turn) volunteered(n *NPE, d npePoll, p campaign.Poll, outcome string) {
	f := t.fighter(d.Player, d.At)
	volunteer := ""
	for _, v := range p.Votes {
		if v.Option == Volunteer && v.Player != d.Player && volunteer == "" {
			volunteer = string(v.Player)
		}
	}
	switch {
	case f == nil:
		t.emit(EventBattle, d.At, "UTD5.231", "The call for a volunteer at %s closed, and %s has no fleet left there to fight.", d.At, d.Player)
	case outcome == NoVolunteer || volunteer == "":
		t.emit(EventBattle, d.At, "UTD5.231", "Nobody volunteered within %d days to play the %s at %s (UTD5.231).", VolunteerDays, n.Empire, d.At)
		t.anschluss(d.At, d.Player, f)
	default:
		t.awaitNPE(n, f, campaign.PlayerID(volunteer))
	}
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
	n.Battle = b.ID
	t.emit(EventBattle, n.At, "UTD5.231", "Battle %s at %s (UTD2.3 step 8): %s with fleet %s (%s) against the %s, played by %s (UTD5.231), fielding %d BPV: %s (UTD5.25). Its sides fight it and report the result.",
		b.ID, n.At, f.Owner, f.ID, campaign.UnitList(f.Units), n.Empire, volunteer, budget, campaign.UnitList(force))
}

// npeForfeit is the result ForcedRetreat gives a battle against an NPE
// whose volunteer made no contact in time; no player can report it
// (checkNPE).
const npeForfeit = "forfeit"

// npeForfeited settles a battle against an NPE whose volunteer made no
// contact in time (UTD3.43): the NPE cannot be forced to retreat, as it
// never leaves its sector (UTD5.24), and is left without an opponent, as
// if nobody had volunteered: an automatic Anschluss to the attacker
// (UTD5.231, UTD5.2A1).
func (t *turn) npeForfeited(b campaign.Battle) {
	n, volunteer := t.x.npeBattle(b)
	if n == nil {
		return
	}
	n.Battle = ""
	t.emit(EventBattle, b.At, "UTD3.43", "%s, who plays the %s at %s, made no contact in battle %s in time (UTD3.43); an NPE never retreats (UTD5.24), so it is left without an opponent, as if nobody had volunteered (UTD5.231).",
		volunteer, n.Empire, b.At, b.ID)
	t.anschluss(b.At, b.Sides[0], t.fighter(b.Sides[0], b.At))
}

// npeBattle returns the NPE a pending battle is fought against, and its
// side's player, the volunteer; nil when the battle is between players.
func (x *Ext) npeBattle(b campaign.Battle) (*NPE, campaign.PlayerID) {
	for i := range x.NPEs {
		if n := &x.NPEs[i]; n.Battle == b.ID && len(b.Sides) == 2 {
			return n, b.Sides[1]
		}
	}
	return nil, ""
}

// npeRef reports whether a ship of a battle's result is one of the NPE's:
// in a battle against an NPE, every ship of the volunteer's side.
func (x *Ext) npeRef(b campaign.Battle, ref game.ShipRef) bool {
	n, volunteer := x.npeBattle(b)
	return n != nil && ref.Owner == volunteer
}

// npeSettled settles the NPE's side of a reported battle (UTD5.2531,
// UTD5.27, UTD5.2A2): what its ships suffered adds to its losses, the
// players' ships it captured to its offset (UTD5.2822), its survivors are
// overhauled, and if the attacker holds the field it is conquered. A negotiated end waits for objections instead (UTD5.26).
func (t *turn) npeSettled(r Ruleset, b campaign.Battle, res *orders.BattleResult, attackerHolds bool) {
	n, volunteer := t.x.npeBattle(b)
	if n == nil {
		return
	}
	n.Battle = ""
	for _, s := range res.Ships {
		for _, ref := range r.ShipRefs(b) {
			switch {
			case ref.Ref != s.Ship:
			case ref.Owner == volunteer:
				n.Losses += npeLoss(t.st, ref.Class, s.Fate, s.Damage)
			case s.Fate == battle.FateCaptured:
				n.Offset += ebpv(t.st, ref.Class)
				t.emit(EventCapture, b.At, "UTD5.2821", "The %s captured %s's %s and liquidated it; its %d BPV offset the NPE's losses (UTD5.2821, UTD5.2822).",
					n.Empire, ref.Owner, ref.Class, ebpv(t.st, ref.Class))
			}
		}
	}
	switch {
	case res.Negotiated != "":
		n.Surrender, n.Victor = res.Negotiated, b.Sides[0]
		t.callObjections(n, b)
	case attackerHolds:
		t.conquer(b.At, b.Sides[0])
	default:
		t.npeHolds(n)
	}
}

// checkNPE checks what a result says of an NPE's side: its ships never
// disengage (UTD5.24), and only a battle against an NPE ends by
// negotiation: an Anschluss only before combat began, with no ship
// named, and a conquest with a ship of the attacker's still there
// (UTD5.224, UTD5.26).
func (r Ruleset) checkNPE(x *Ext, b campaign.Battle, res *orders.BattleResult) []string {
	var out []string
	standing := false
	fates := res.Fates()
	for _, ref := range r.ShipRefs(b) {
		f, named := fates[ref.Ref]
		switch {
		case x.npeRef(b, ref) && f == battle.FateDisengaged:
			out = append(out, fmt.Sprintf("%s: a non-player empire never leaves its sector (UTD5.24); report the ship destroyed or crippled", ref.Ref))
		case ref.Owner == b.Sides[0] && (!named || f == battle.FateCrippled):
			standing = true
		}
	}
	n, _ := x.npeBattle(b)
	switch {
	case res.Negotiated == "":
	case n == nil:
		out = append(out, "negotiated: only a battle against a non-player empire ends by its surrender (UTD5.224); report what became of each ship")
	case res.Negotiated != SurrenderAnschluss && res.Negotiated != SurrenderConquest:
		out = append(out, fmt.Sprintf("negotiated: %s: write %s (the NPE surrendered before combat began) or %s (it surrendered once combat began) (UTD5.224)",
			res.Negotiated, SurrenderAnschluss, SurrenderConquest))
	case res.Negotiated == SurrenderAnschluss && len(res.Ships) > 0:
		out = append(out, "negotiated: anschluss: once combat began an NPE can only be conquered (UTD5.26); write negotiated: conquest, or name no ship")
	case !standing:
		out = append(out, fmt.Sprintf("negotiated: %s: the NPE surrenders to a ship of %s's still in the field, and the result leaves none (UTD5.224)", res.Negotiated, b.Sides[0]))
	}
	return out
}

// callObjections opens the call for objections to a negotiated end of a
// battle against an NPE (UTD5.26): any player may object within
// ObjectionDays; nobody objecting, it takes effect. The turn does not
// wait for it.
func (t *turn) callObjections(n *NPE, b campaign.Battle) {
	text := fmt.Sprintf("The sides of battle %s agreed that the %s at %s surrenders to %s: %s (UTD5.224). "+
		"Any player may object within %d days (UTD5.26); then it stands only if a supermajority of all players approves it. "+
		"Nobody objecting, it takes effect.", b.ID, n.Empire, n.At, n.Victor, n.Surrender, ObjectionDays)
	t.openPoll(campaign.Poll{ID: fmt.Sprintf("npe-%s-t%d-objection", n.At, b.Turn), Kind: PollObjection,
		Subject: fmt.Sprintf("Object to the %s of the %s at %s?", n.Surrender, n.Empire, n.At), Text: text,
		Options: []string{Object}, Need: 1, Default: NoObjection, Opened: b.Turn, Lasts: ObjectionDays * 24 * time.Hour},
		npePoll{At: n.At, Player: n.Victor})
	t.emit(EventBattle, n.At, "UTD5.26", "%s", text)
}

// callApproval opens the vote of all players on a negotiated end someone
// objected to (UTD5.26): it stands with a supermajority (UTD1.7), within
// VolunteerDays.
func (t *turn) callApproval(n *NPE, objection campaign.Poll) {
	objector := campaign.PlayerID("a player")
	if len(objection.Votes) > 0 {
		objector = objection.Votes[0].Player
	}
	voters := t.st.ActivePlayers()
	text := fmt.Sprintf("%s objected to the %s of the %s at %s to %s (UTD5.26). It stands only if %d of the %d players approve it within %d days.",
		objector, n.Surrender, n.Empire, n.At, n.Victor, campaign.Supermajority(len(voters)), len(voters), VolunteerDays)
	t.openPoll(campaign.Poll{ID: fmt.Sprintf("npe-%s-t%d-approval", n.At, objection.Opened), Kind: PollApproval,
		Subject: fmt.Sprintf("Approve the %s of the %s at %s?", n.Surrender, n.Empire, n.At), Text: text,
		Options: []string{Approve}, Need: campaign.Supermajority(len(voters)), Default: Reject,
		Opened: objection.Opened, Lasts: VolunteerDays * 24 * time.Hour}, npePoll{At: n.At, Player: n.Victor})
	t.emit(EventBattle, n.At, "UTD5.26", "%s", text)
}

// openPoll adds a poll about an NPE to the state, every active player a
// voter unless it names its voters.
func (t *turn) openPoll(p campaign.Poll, d npePoll) {
	data, err := json.Marshal(d)
	if err != nil {
		panic(fmt.Sprintf("thunderdome: marshal poll: %v", err)) // plain data: cannot fail
	}
	p.Data = data
	if p.Voters == nil {
		p.Voters = t.st.ActivePlayers()
	}
	t.st.Polls = append(t.st.Polls, p)
}

// surrender applies a negotiated end: the Anschluss before combat, the
// conquest once it began (UTD5.224, UTD5.26).
func (t *turn) surrender(n *NPE) {
	if n.Surrender == SurrenderAnschluss {
		t.anschluss(n.At, n.Victor, t.fighter(n.Victor, n.At))
		return
	}
	t.conquer(n.At, n.Victor)
}
