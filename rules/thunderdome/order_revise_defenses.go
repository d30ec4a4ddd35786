package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// ReviseDefenses overhauls the player's defenses in one sector, scraps
// some for half their BPV and builds new ones (UTD6.3A, UTD7.3).
type ReviseDefenses struct {
	Sector    campaign.SystemID    `json:"sector"`
	Build     []campaign.ClassName `json:"build,omitempty"`
	Scrap     []campaign.ClassName `json:"scrap,omitempty"`
	SectorPos orders.Pos           `json:"sector_pos"`
	BuildPos  []orders.Pos         `json:"build_pos,omitempty"`
	ScrapPos  []orders.Pos         `json:"scrap_pos,omitempty"`
}

// Name returns "revise_defenses".
func (*ReviseDefenses) Name() string { return "revise_defenses" }

// Example is a revise_defenses order as players write it, for hints.
func (*ReviseDefenses) Example() string {
	return "- revise_defenses: {sector: lyra, build: [defsat]}"
}

// Fields are the keys a revise_defenses order may hold.
func (*ReviseDefenses) Fields() []string { return []string{"sector", "build", "scrap"} }

func (*ReviseDefenses) parse(p *parser, f orders.Fields) Kind {
	r := &ReviseDefenses{}
	var s string
	s, r.SectorPos = p.name(f, "sector", "sector: lyra")
	r.Sector = campaign.SystemID(s)
	for _, l := range []struct {
		field string
		dst   *[]campaign.ClassName
		at    *[]orders.Pos
	}{{"build", &r.Build, &r.BuildPos}, {"scrap", &r.Scrap, &r.ScrapPos}} {
		if n := f.Value(l.field); n != nil && !orders.IsNull(n) {
			list, at, _ := p.Names(n, l.field, l.field+": [defsat]")
			*l.dst, *l.at = ids[campaign.ClassName](list), at
		}
	}
	return r
}

func (*ReviseDefenses) schema() object {
	list := func(desc string) object {
		return object{"type": "array", "items": object{"type": "string"}, "description": desc}
	}
	return kindSchema("Revise your defenses in one fortified dead, colony or mine sector, or your home (UTD6.3A, UTD7.33), "+
		"for 1 order point: every defense there is overhauled; scrapped ones return half their BPV; new ones are paid now and "+
		"arrive at the end of the turn, within 1 monitor, 5 defense satellites, 6 ground weapon bases (3 heavy), 6 other ground "+
		"bases and 1 supporting repair freighter at a home or colony (UTD7.34).",
		[]string{"sector"}, object{"sector": sectorRef,
			"build": list("Defense units to build, by class, one item per unit."),
			"scrap": list("Defense units there to scrap for half their BPV, by class, one item per unit.")})
}

// YAML echoes the order as players write it.
func (r *ReviseDefenses) YAML() string {
	s := "revise_defenses: {sector: " + string(r.Sector)
	if len(r.Build) > 0 {
		s += ", build: [" + joinNames(r.Build) + "]"
	}
	if len(r.Scrap) > 0 {
		s += ", scrap: [" + joinNames(r.Scrap) + "]"
	}
	return s + "}"
}

// apply revises the defenses (UTD6.3A): in a sector that may hold them
// (UTD7.33), scrapped units return half their BPV, fractions retained as
// scrap does (UTD6.3F), before the new ones are paid; the result keeps to
// every limit of UTD7.34x; every defense of the player there is
// overhauled; the new units arrive at step 10.
func (r *ReviseDefenses) apply(c *ctx) {
	s := c.x.sector(r.Sector)
	if s == nil {
		c.refuse(r.SectorPos, "UTD7.33", fmt.Sprintf("there is no sector %s", orders.Quote(string(r.Sector))), "name a sector by its ID, e.g. "+string(c.emp.Home))
		return
	}
	colony := c.ownColony(r.Sector)
	home := s.Type == Home && s.Owner == c.player
	if !c.holdsDefenses(s) {
		c.refuse(r.SectorPos, "UTD7.33", fmt.Sprintf("%s is neither your home nor a dead, colony or mine sector you have fortified; only those hold defenses", r.Sector),
			"fortify it first with establish: {what: fortification} (UTD6.36), or revise the defenses of your home, "+string(c.emp.Home))
		return
	}
	gone, ok := r.scrapped(c)
	if !ok {
		return
	}
	cost, ok := r.cost(c, gone, home || colony)
	if !ok {
		return
	}
	worth := 0
	for _, j := range gone {
		worth += ebpv(c.st, c.x.Defenses[j].Class)
	}
	refund := half(worth)
	if whole(cost) > c.funds()+refund {
		c.refuse(orders.Pos{}, "UTD6.3A", fmt.Sprintf("the new defenses cost %d BPV and you have %s, with %s back from scrapping", cost, c.funds(), refund),
			"build fewer, or scrap more defenses or ships first (UTD6.3F)")
		return
	}
	if !c.spend(1, "UTD6.3A") {
		return
	}
	r.revise(c, gone, cost, refund)
}

// scrapped finds the player's defenses at the sector to scrap, one for
// each class Scrap names, neither a capital nor one still on order
// (UTD6.3A). It returns their indexes in the defenses; ok is false when
// the order is refused.
func (r *ReviseDefenses) scrapped(c *ctx) (gone []int, ok bool) {
	for i, cls := range r.Scrap {
		j := -1
		for k, d := range c.x.Defenses {
			if d.Owner == c.player && d.At == r.Sector && d.Class == cls && !d.Capital && !d.Waiting && !slices.Contains(gone, k) {
				j = k
				break
			}
		}
		if j < 0 {
			c.refuse(at(r.ScrapPos, i), "UTD6.3A", fmt.Sprintf("you have no %s left to scrap at %s", cls, r.Sector),
				"your defenses there are "+listOr(names(c.x.defenseClasses(c.player, r.Sector, gone)), "none"))
			return nil, false
		}
		gone = append(gone, j)
	}
	return gone, true
}

// cost prices the defenses Build names: each a defense class (UTD7.34),
// a supporting repair freighter only at a home or colony, served says
// this sector is one (UTD7.345), and the sector within every limit of
// UTD7.34x once the defenses gone are scrapped. ok is false when the
// order is refused.
func (r *ReviseDefenses) cost(c *ctx, gone []int, served bool) (cost int, ok bool) {
	kinds := c.x.defenseKindsAt(c.st.Catalogue, c.player, r.Sector, gone)
	for i, cls := range r.Build {
		k := c.x.defenseKind(c.st.Catalogue, cls)
		u := c.st.Catalogue.Class(cls)
		switch {
		case u == nil || !k.buildable():
			c.refuse(at(r.BuildPos, i), "UTD7.34", fmt.Sprintf("%s is not a defense class", orders.Quote(string(cls))),
				"the defense classes are "+listOr(names(c.x.defenseClassNames(c.st.Catalogue)), "none in this campaign"))
			return 0, false
		case k == KindFreighter && !served:
			c.refuse(at(r.BuildPos, i), "UTD7.345", fmt.Sprintf("a supporting repair freighter serves a home or a colony, and %s is neither", r.Sector),
				"build it at your home or at one of your developed colonies")
			return 0, false
		}
		kinds = append(kinds, k)
		cost += u.EBPV
		if l, n := overLimit(kinds); l != nil {
			c.refuse(at(r.BuildPos, i), l.rule, fmt.Sprintf("%s would hold %d %s; at most %d", r.Sector, n, l.what, l.max),
				fmt.Sprintf("build %d fewer there, or scrap some first with scrap: [...] (UTD6.3A)", n-l.max))
			return 0, false
		}
	}
	return cost, true
}

// revise carries the order out (UTD6.3A): the defenses gone are scrapped
// for refund, every defense of the player at the sector is overhauled,
// and the new ones are paid, cost, and arrive at step 10.
func (r *ReviseDefenses) revise(c *ctx, gone []int, cost int, refund BPV) {
	var scrapped []campaign.ClassName
	for _, j := range gone {
		scrapped = append(scrapped, c.x.Defenses[j].Class)
	}
	c.x.Defenses = dropAt(c.x.Defenses, gone)
	mended := 0
	for i := range c.x.Defenses {
		if d := &c.x.Defenses[i]; d.Owner == c.player && d.At == r.Sector && d.Damage != nil {
			d.Damage = nil
			mended++
		}
	}
	if len(scrapped) > 0 {
		c.credit(refund)
		c.say("%s scrapped %s at %s: %s BPV, half their BPV, came back to %s (UTD6.3A)", c.player, campaign.UnitList(scrapped), r.Sector, refund, c.funder())
	}
	if mended > 0 {
		c.say("%s overhauled at %s (UTD6.3A)", plural(mended, "damaged defense"), r.Sector)
	}
	if len(r.Build) > 0 {
		c.pay(whole(cost), "UTD6.3A", "the new defenses")
		for _, cls := range r.Build {
			c.x.Defenses = append(c.x.Defenses, Defense{At: r.Sector, Owner: c.player, Class: cls, Waiting: true})
		}
		c.say("%s bought %s for %s, arriving at the end of the turn (UTD6.3A, UTD2.3 step 10)", c.player, campaign.UnitList(r.Build), r.Sector)
	}
	if len(scrapped) == 0 && mended == 0 && len(r.Build) == 0 {
		c.say("the defenses at %s had nothing to overhaul (UTD6.3A)", r.Sector)
	}
}

// defenseClassNames lists the classes revise_defenses builds, in the
// catalogue's order.
func (x *Ext) defenseClassNames(cat campaign.Catalogue) []campaign.ClassName {
	var out []campaign.ClassName
	for _, u := range cat {
		if x.defenseKind(cat, u.Class).buildable() {
			out = append(out, u.Class)
		}
	}
	return out
}

// holdsDefenses reports whether a sector may hold the player's defenses
// (UTD7.33): their home, or a dead, colony or mine sector they have
// fortified.
func (c *ctx) holdsDefenses(s *Sector) bool {
	if s.Type == Home && s.Owner == c.player {
		return true
	}
	return c.st.HasDevelopment(c.player, s.ID, campaign.Fortification) &&
		(s.Type == Dead || c.ownColony(s.ID) || c.st.HasDevelopment(c.player, s.ID, campaign.Mine))
}

// offer offers, in the first sector that may hold the player's defenses,
// one unit of the first defense class that keeps to the limits there, a
// supporting repair freighter last (UTD6.3A, UTD7.34): 1 point and its
// BPV; where none fits, the overhaul alone of damaged defenses.
func (r *ReviseDefenses) offer(o *offerer) {
	c := o.c
	for _, s := range c.x.Sectors {
		if !c.holdsDefenses(&s) {
			continue
		}
		kinds := c.x.defenseKindsAt(c.st.Catalogue, c.player, s.ID, nil)
		note := "every defense there is overhauled; scrap: [...] returns half their BPV; new ones arrive at the end of the turn (UTD6.3A, UTD7.34)"
		classes := c.x.defenseClassNames(c.st.Catalogue)
		// A supporting repair freighter only where no other unit fits.
		slices.SortStableFunc(classes, func(a, b campaign.ClassName) int {
			return boolInt(c.x.defenseKind(c.st.Catalogue, a) == KindFreighter) - boolInt(c.x.defenseKind(c.st.Catalogue, b) == KindFreighter)
		})
		for _, cls := range classes {
			k := c.x.defenseKind(c.st.Catalogue, cls)
			if l, _ := overLimit(append(slices.Clone(kinds), k)); l != nil || k == KindFreighter && !(s.Type == Home || c.ownColony(s.ID)) {
				continue
			}
			if u := c.st.Catalogue.Class(cls); u != nil && whole(u.EBPV) <= c.funds() {
				o.add(r, 1, whole(u.EBPV), note, (&ReviseDefenses{Sector: s.ID, Build: []campaign.ClassName{cls}}).YAML())
				return
			}
		}
		if slices.ContainsFunc(c.x.Defenses, func(d Defense) bool { return d.Owner == c.player && d.At == s.ID && d.Damage != nil }) {
			o.add(r, 1, 0, note, (&ReviseDefenses{Sector: s.ID}).YAML())
			return
		}
	}
}
