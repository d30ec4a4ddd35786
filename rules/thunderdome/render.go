package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// reportData is what the text and the HTML report show of a view, in the
// same words: the open turn and its clock, what the turn just played did,
// and the tables of empires, sectors and fleets.
type reportData struct {
	V *View
	// Deadline is when Current's orders are due, written in the reader's
	// time zone; empty when not known (UTD3.3).
	Deadline string
	// Waits say what the turn waits for and until when, when it waits
	// (View.waiting).
	Waits []string
	// Mine says the open turn is the reader's; Me is the reader's own
	// empire (nil for none).
	Mine bool
	Me   *EmpireView
	// Left are the order points Current may spend once the retreat debt
	// is paid (UTD7.4663), 0 at least.
	Left int
	// Orders are the orders played in the turn just resolved, with their
	// outcomes (UTD3.1), and Events everything else that happened in it
	// but the opening, which Opening tells.
	Orders, Events []game.Event
	Empires        []empireRow
	Sectors        []sectorRow
	Fleets         []fleetRow
	Drops          []string
	Yards          []string
	// Defenses are the defense units in sight, a line per owner and
	// sector (UTD7.3), and Prefs the reader's standing preferences
	// (prefs:).
	Defenses []string
	Prefs    []string
	Maps     report.MapPictures
	Mail     *report.MailFooter
	// Template names the order template the mail carries, "" for none.
	Template string
}

// empireRow is one line of the empires table.
type empireRow struct {
	Player, Name, Bank, Capital, Home, Extras, Debt, Out string
}

// sectorRow is one line of the sectors table.
type sectorRow struct {
	ID, Name, Type, Terrain, Owner, Holdings, Fleets string
	Hidden                                           bool
}

// Details are what the sectors table says of what is in the sector, a
// line each: its terrain, its holdings and its fleets.
func (r sectorRow) Details() []string {
	var out []string
	for _, d := range []struct{ label, val string }{{"", r.Terrain}, {"", r.Holdings}, {"fleets: ", r.Fleets}} {
		if d.val != "" {
			out = append(out, d.label+d.val)
		}
	}
	return out
}

// fleetRow is one line of the fleets table.
type fleetRow struct {
	Owner, ID, At, Units, Note string
}

// unseen is what a table shows for a sector or account out of sight
// under the vision house rule.
const unseen = "out of sight"

// newReportData gathers what the reports of v show.
func newReportData(v *View, opts game.ReportOptions, maps report.MapPictures) *reportData {
	d := &reportData{V: v, Mine: v.Current == v.Player && v.Winner == "" && !v.waiting(), Left: max(v.Points-v.Debt, 0),
		Maps: maps, Mail: report.NewMailFooter(opts.Mail, opts.Location, opts.Page), Waits: waits(v, opts)}
	if !opts.Deadline.IsZero() {
		d.Deadline = report.FormatDeadline(opts.Deadline, opts.Location)
	}
	if d.Mine && !v.Ended && opts.Mail != nil && opts.Mail.Attaches(campaign.AttachOrders) {
		d.Template = fmt.Sprintf("orders-%d.yaml", v.Turn)
	}
	for _, e := range v.Events {
		switch e.Kind {
		case EventOrder:
			d.Orders = append(d.Orders, e)
		case EventOpen:
		default:
			d.Events = append(d.Events, e)
		}
	}
	for i := range v.Empires {
		e := &v.Empires[i]
		if e.Player == v.Player {
			d.Me = e
		}
		d.Empires = append(d.Empires, newEmpireRow(e))
	}
	fleetsAt := map[campaign.SystemID][]string{}
	status := map[campaign.FleetKey]FleetStatus{}
	for _, s := range v.FleetStatus {
		status[campaign.FleetKey{Owner: s.Owner, ID: s.ID}] = s
	}
	for i := range v.Fleets {
		f := &v.Fleets[i]
		fleetsAt[f.At] = append(fleetsAt[f.At], fmt.Sprintf("%s %s", f.Owner, f.ID))
		d.Fleets = append(d.Fleets, newFleetRow(f, status[f.Key()], v.Retreats))
	}
	for _, s := range v.Sectors {
		d.Sectors = append(d.Sectors, newSectorRow(s, fleetsAt[s.ID]))
	}
	for _, c := range v.Containers {
		d.Drops = append(d.Drops, fmt.Sprintf("%s of %s at %s (UTD6.3D1)", plural(c.Count, "container"), c.Owner, c.At))
	}
	for _, x := range v.Derelicts {
		d.Drops = append(d.Drops, fmt.Sprintf("%s's derelict %s at %s (UTD6.3D2)", x.Owner, campaign.UnitList(x.Units), x.At))
	}
	d.Yards = yardRows(v)
	d.Defenses = defenseRows(v)
	if d.Me != nil && !d.Me.Hidden {
		d.Prefs = []string{"Fleets that fight for you: " + defendText(d.Me.Defend) + ".",
			"Sectors where your fleets destroy enemy colonies and mines rather than capture them: " + razeText(d.Me.Raze) + ".",
			"Ships you capture go " + placeText(d.Me.Captured) + "."}
	}
	return d
}

// defenseRows writes a line for each player's defenses at a sector: the
// units by class, then each damaged one or on its way, and the capital's
// repair freighter (UTD7.3, UTD6.3A, UTD4.3237).
func defenseRows(v *View) []string {
	type key struct {
		owner campaign.PlayerID
		at    campaign.SystemID
	}
	var order []key
	units := map[key][]campaign.ClassName{}
	notes := map[key][]string{}
	for _, d := range v.Defenses {
		k := key{d.Owner, d.At}
		if !slices.Contains(order, k) {
			order = append(order, k)
		}
		switch {
		case d.Capital:
			notes[k] = append(notes[k], fmt.Sprintf("the capital's %s (UTD4.3237)", d.Class))
		case d.Waiting:
			notes[k] = append(notes[k], fmt.Sprintf("%s arriving at the end of the turn (UTD6.3A)", d.Class))
		case d.Damage != nil && d.Damage.Any():
			notes[k] = append(notes[k], fmt.Sprintf("%s damaged: %s", d.Class, d.Damage.Text()))
		default:
			units[k] = append(units[k], d.Class)
		}
	}
	out := make([]string, len(order))
	for i, k := range order {
		parts := append([]string{}, notes[k]...)
		if len(units[k]) > 0 {
			parts = append([]string{campaign.UnitList(units[k])}, parts...)
		}
		out[i] = fmt.Sprintf("%s's defenses at %s: %s", k.owner, k.at, strings.Join(parts, ", "))
	}
	return out
}

// newFleetRow writes a fleet's line: its units, each damaged, wrecked or
// captured one apart with its state, and in the note whether a
// fortification traps it and since when, its failed siege dice, its
// release, why it is illegal and its legal intention, and its retreat
// under way.
func newFleetRow(f *campaign.Fleet, s FleetStatus, retreats []Retreat) fleetRow {
	var plain []campaign.ClassName
	var marked, notes []string
	for i, u := range f.Units {
		var state []string
		if slices.Contains(s.Wrecked, i) {
			state = append(state, "wrecked, moves only in tow, UTD6.3E")
		}
		if f.IsCaptured(i) {
			state = append(state, "captured, only moves until inspected, UTD6.3773")
		}
		if dmg := f.DamageOf(i); dmg.Any() {
			state = append(state, "damaged: "+dmg.Text())
		}
		if j := slices.IndexFunc(s.Loads, func(l Load) bool { return l.Unit == i }); j >= 0 {
			state = append(state, s.Loads[j].text())
		}
		if len(state) == 0 {
			plain = append(plain, u)
			continue
		}
		marked = append(marked, fmt.Sprintf("%s (%s)", u, strings.Join(state, "; ")))
	}
	units := marked
	if len(plain) > 0 {
		units = append([]string{campaign.UnitList(plain)}, marked...)
	}
	if s.Trapped {
		t := fmt.Sprintf("trapped by the enemy fortification since turn %d, cycle %s (UTD4.356)", s.TrappedTurn, s.TrappedCycle)
		if s.SiegeFails > 0 {
			t += fmt.Sprintf(", %s so far (UTD4.3563)", counted(s.SiegeFails, "failed siege die", "failed siege dice"))
		}
		notes = append(notes, t)
	}
	if s.Freed != "" {
		notes = append(notes, fmt.Sprintf("freed in cycle %s, moves again from the next cycle (UTD4.3561)", s.Freed))
	}
	if len(s.Illegal) > 0 {
		notes = append(notes, "illegal, may not attack or explore (UTD7.2661): "+strings.Join(s.Illegal, "; "))
	}
	if it := s.Intention; it != nil {
		t := fmt.Sprintf("legal intention: to join %s at %s (UTD7.26652)", joinNames(it.Join), it.At)
		if it.Lapsed {
			t += ", lapsed with no step toward it: moves no more until a new one (UTD7.2664)"
		}
		notes = append(notes, t)
	}
	for _, r := range retreats {
		if r.Owner == f.Owner && r.Fleet == f.ID {
			notes = append(notes, fmt.Sprintf("retreating to %s, arriving on the next player's turn (UTD7.4665)", r.To))
		}
	}
	return fleetRow{Owner: string(f.Owner), ID: string(f.ID), At: string(f.At), Units: strings.Join(units, ", "), Note: strings.Join(notes, "; ")}
}

func newEmpireRow(e *EmpireView) empireRow {
	r := empireRow{Player: string(e.Player), Name: e.Name, Capital: or2(string(e.Capital), "none"), Home: string(e.Home), Out: e.Out}
	if e.Hidden {
		r.Bank, r.Extras, r.Capital = unseen, unseen, or2(string(e.Capital), unseen)
		return r
	}
	r.Bank = fmt.Sprintf("%s BPV", e.Bank)
	if e.Unbanked > 0 {
		r.Bank += fmt.Sprintf(" and %s unbanked", e.Unbanked)
	}
	r.Extras = fmt.Sprintf("%s, %s", plural(e.Permanent, "permanent point"), plural(e.ExtraFleets, "extra fleet"))
	if debt := e.RetreatDebt + e.Owed; debt > 0 {
		r.Debt = pts(debt)
	}
	return r
}

func newSectorRow(s SectorView, fleets []string) sectorRow {
	r := sectorRow{ID: string(s.ID), Name: s.Name, Type: string(s.Type), Terrain: s.Terrain, Owner: string(s.Owner),
		Fleets: strings.Join(fleets, ", "), Hidden: s.Hidden}
	if s.Hidden {
		r.Type = unseen
	}
	var h []string
	for _, dv := range s.Developments {
		h = append(h, fmt.Sprintf("%s's %s", dv.Owner, dv.Kind))
	}
	for _, p := range s.Pending {
		h = append(h, fmt.Sprintf("%s's %s pending", p.Owner, what(p)))
	}
	if n := s.NPE; n != nil {
		h = append(h, fmt.Sprintf("the %s, a non-player empire (%s)", n.Empire, npeStrength(n)))
	}
	r.Holdings = strings.Join(h, ", ")
	return r
}

// Status is the report's opening lines: who plays, and for the reader
// whose turn it is their points, debt, bank and clock (UTD2.3, UTD3.3).
func (d *reportData) Status() []string {
	v := d.V
	switch {
	case v.Ended && v.Winner == "":
		return []string{"The campaign is over: nobody is left on the map (UTD1.9)."}
	case v.Ended:
		return []string{fmt.Sprintf("The campaign is over: %s won it (UTD1.9).", v.Winner)}
	case v.waiting():
		return d.Waits
	case !d.Mine:
		s := fmt.Sprintf("It is %s's turn", v.Current)
		if d.Deadline != "" {
			s += fmt.Sprintf("; their orders are due %s (UTD3.3)", d.Deadline)
		}
		return []string{s + "."}
	}
	out := []string{"It is your turn."}
	pl := fmt.Sprintf("Order points: %d (UTD6.2)", v.Points)
	if v.Debt > 0 {
		pl += fmt.Sprintf(", less %s of retreat debt paid first (UTD7.4663): %d left", pts(v.Debt), d.Left)
	}
	out = append(out, pl+".")
	if d.Me != nil {
		bank := fmt.Sprintf("Bank: %s BPV", d.Me.Bank)
		if d.Me.Unbanked > 0 {
			bank += fmt.Sprintf("; unbanked income %s BPV, lost at the end of the turn unless spent (UTD4.3236)", d.Me.Unbanked)
		}
		out = append(out, bank+".")
	}
	if d.Deadline != "" {
		out = append(out, fmt.Sprintf("Orders due: %s (UTD3.3).", d.Deadline))
	}
	if v.Debt > 0 && d.Left == 0 {
		out = append(out, "Your retreat debt takes every order point: you may give no orders this turn but buy extra points (UTD7.46723, UTD7.46724); income is still paid.")
	}
	out = append(out, "Send orders, in as many mails as you like; final: true ends your turn (UTD6.121).")
	if d.Template != "" {
		out = append(out, fmt.Sprintf("The attached %s offers the orders that fit now, each with its cost: remove the \"# \" before those you want and send it back.", d.Template))
	}
	return out
}

// waits says what a turn that waits waits for, and until when, by the
// clocks the daemon keeps: nobody owes orders until then, and the next
// player's turn opens after (UTD2.3 step 8, UTD3.4, UTD3.5, UTD5.231).
func waits(v *View, opts game.ReportOptions) []string {
	if !v.waiting() {
		return nil
	}
	var what []string
	if len(v.Battles) > 0 {
		what = append(what, battleNames(v.Battles))
	}
	if v.Calling {
		what = append(what, "a volunteer to play the non-player empire found (UTD5.231)")
	}
	out := []string{fmt.Sprintf("Turn %d waits for %s: nobody owes orders until then, and the next player's turn opens after (UTD2.3 step 8).",
		v.Turn, strings.Join(what, " and "))}
	for _, id := range v.Battles {
		c, ok := game.ClockOf(opts.Clocks, id)
		if !ok {
			continue
		}
		s := fmt.Sprintf("Battle %s: its sides ", id)
		if !c.Contact.IsZero() {
			s += fmt.Sprintf("make contact by %s (UTD3.4) and ", report.FormatDeadline(c.Contact, opts.Location))
		}
		out = append(out, s+fmt.Sprintf("settle it by %s (UTD3.5).", report.FormatDeadline(c.Until, opts.Location)))
	}
	for _, id := range v.Calls {
		if c, ok := game.ClockOf(opts.Clocks, id); ok {
			out = append(out, fmt.Sprintf("The call %s for a volunteer closes by %s (UTD5.231).", id, report.FormatDeadline(c.Until, opts.Location)))
		}
	}
	return out
}

// battleNames names battles by their IDs: "battle T1-B1", "battles T1-B1
// and T1-B2".
func battleNames(ids []string) string {
	if len(ids) == 1 {
		return "battle " + ids[0]
	}
	return "battles " + report.AndList(ids)
}

// OpeningTitle heads what steps 1–3 of the open turn did.
func (d *reportData) OpeningTitle() string {
	if d.Mine {
		return "Your turn opens (UTD2.3 steps 1-3)"
	}
	return fmt.Sprintf("The turn of %s opens (UTD2.3 steps 1-3)", d.V.Current)
}

// VisionNote is visionNote, for the HTML template.
func (d *reportData) VisionNote() string { return visionNote(d.V) }

// visionNote says what the vision house rule hides; empty under public
// play.
func visionNote(v *View) string {
	if v.Vision == 0 {
		return ""
	}
	return fmt.Sprintf("House rule: vision radii instead of public play (UTD1.13). You see the sectors within %s of your fleets, capital and developments; elsewhere other players' fleets, accounts and orders are hidden.",
		plural(v.Vision, "lane"))
}

// text writes the text report, for plain-text mail clients: the open
// turn, what the turn just played did, and the empires, sectors and
// fleets (UTD3.1), no line longer than a mail's (report.MaxLine).
func text(v *View, opts game.ReportOptions) string {
	d := newReportData(v, opts, report.MapPictures{})
	var w textWriter
	w.head(d)
	w.turn(d)
	w.section("Your standing preferences (prefs:)", d.Prefs)
	w.empires(d)
	w.sectors(d)
	w.fleets(d)
	w.section("Shipyards", d.Yards)
	w.section("Defenses", d.Defenses)
	w.section("Dead drops", d.Drops)
	if d.Mail != nil {
		w.printf("\nYour mail\n%s\n", d.Mail.Text)
	}
	return report.WrapLines(w.b.String())
}

// textWriter writes the text report's parts.
type textWriter struct{ b strings.Builder }

// printf writes a formatted part as it is.
func (w *textWriter) printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// line writes s wrapped, its later lines indented.
func (w *textWriter) line(s string) { w.b.WriteString(report.Wrap(s, 76, "  ")) }

// section writes a titled list of lines; nothing when it is empty.
func (w *textWriter) section(title string, lines []string) {
	if len(lines) == 0 {
		return
	}
	w.printf("\n%s\n", title)
	for _, s := range lines {
		w.line(s)
	}
}

// head writes the report's title, the cycle and turn order, the vision
// house rule (UTD1.13) and the turn's status.
func (w *textWriter) head(d *reportData) {
	v := d.V
	w.printf("%s: turn %d report for %s (%s)\n", v.Title, v.Turn, v.Name, v.Player)
	w.printf("Cycle %s, %s Y%d. Turn order: %s.\n", v.Cycle, v.Season, v.Year, strings.Join(names(v.Order), ", "))
	if n := visionNote(v); n != "" {
		w.b.WriteString(report.Wrap(n, 76, ""))
	}
	w.printf("\n")
	for _, s := range d.Status() {
		w.b.WriteString(report.Wrap(s, 76, ""))
	}
}

// turn writes the opening of the player's turn, then the orders and
// events of the turn resolved.
func (w *textWriter) turn(d *reportData) {
	v := d.V
	if len(v.Opening) > 0 || d.Mine {
		w.printf("\n%s\n", d.OpeningTitle())
		for _, s := range v.Opening {
			w.line(s)
		}
		if len(v.Opening) == 0 {
			w.line("No development appeared, no income was paid and nothing needed repair.")
		}
	}
	if v.Resolved == 0 {
		return
	}
	w.printf("\nOrders of turn %d\n", v.Resolved)
	for _, e := range d.Orders {
		w.line(e.Text)
	}
	if len(d.Orders) == 0 {
		w.line("None.")
	}
	w.printf("\nWhat happened in turn %d\n", v.Resolved)
	for _, e := range d.Events {
		w.line(e.Text)
	}
	if len(d.Events) == 0 {
		w.line("Nothing else.")
	}
}

// empires writes a line for each empire: its bank, capital, home and
// holdings, its retreat debt and whether it is out.
func (w *textWriter) empires(d *reportData) {
	w.printf("\nEmpires\n")
	for _, e := range d.Empires {
		s := fmt.Sprintf("%s (%s): bank %s, capital %s, home %s, %s", e.Player, e.Name, e.Bank, e.Capital, e.Home, e.Extras)
		if e.Debt != "" {
			s += ", retreat debt " + e.Debt
		}
		if e.Out != "" {
			s += ", out: " + e.Out
		}
		w.line(s)
	}
}

// sectors writes a line for each sector: its type, terrain, owner,
// holdings and fleets.
func (w *textWriter) sectors(d *reportData) {
	w.printf("\nSectors\n")
	for _, s := range d.Sectors {
		t := fmt.Sprintf("%s (%s): %s", s.ID, s.Name, s.Type)
		for _, part := range []struct{ label, val string }{{"", s.Terrain}, {"owned by ", s.Owner}, {"", s.Holdings}, {"fleets ", s.Fleets}} {
			if part.val != "" {
				t += "; " + part.label + part.val
			}
		}
		w.line(t)
	}
}

// fleets writes a line for each fleet in sight.
func (w *textWriter) fleets(d *reportData) {
	w.printf("\nFleets\n")
	for _, f := range d.Fleets {
		t := fmt.Sprintf("%s %s at %s: %s", f.Owner, f.ID, f.At, f.Units)
		if f.Note != "" {
			t += "; " + f.Note
		}
		w.line(t)
	}
	if len(d.Fleets) == 0 {
		w.line("None in sight.")
	}
}
