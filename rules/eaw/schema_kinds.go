package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// The schemas of the order kinds beyond move, develop and build (kinds.go).
// The fleet services cost ServiceCost each; the others' costs are the
// campaign's rules.

var fleetField = prop{"fleet", nameSchema("One of your fleets, by the ID your report gives it, e.g. 1st.")}

func unitsField(desc string) prop {
	return prop{"units", namesSchema(desc+" Name a class twice for two units, e.g. [frigate, frigate].", "A unit class, e.g. frigate.")}
}

// kindSchema is the schema of one order kind: a mapping with the kind as
// its only key.
func kindSchema(kind, summary, desc string, required []string, fields ...prop) *schema {
	return closed(summary, []string{kind}, prop{kind, closed(desc, required, fields...)})
}

func resupplySchema() *schema {
	return kindSchema(kindResupply, "A resupply order: resupply, repair and refit a fleet (EaW 6d, 8.0).",
		"Resupply, repair and refit a fleet at your developed colony or FRD, for "+orderPoints(ServiceCost)+" (EaW 6d): every "+
			"unit is repaired (EaW 6e) and its self-repair capacity restored (EaW 22b). Refits cost the EBPV "+
			"difference, paid from your treasury (EaW 6f).",
		[]string{"fleet"}, fleetField,
		prop{"refit", &schema{Type: []string{"object", "null"},
			Description: "Refits: each key is a class in the fleet, its value the class every unit of it becomes, as " +
				"the catalogue allows (EaW 6f), e.g. {cruiser: heavy-cruiser}."}})
}

func transferSchema() *schema {
	return kindSchema(kindTransfer, "A transfer order: move units between two fleets (EaW 7.0).",
		"Move units from one fleet to another in the same system, for "+orderPoints(ServiceCost)+" (EaW 7.0). A new fleet ID "+
			"forms a fleet there; moving the last unit disbands the fleet it leaves.",
		[]string{"from", "to", "units"},
		prop{"from", nameSchema("The fleet the units leave, e.g. 1st.")},
		prop{"to", nameSchema("The fleet they join, in the same system, or a new fleet ID (up to 32 letters, digits, '-' or '_').")},
		unitsField("The units to move, by class."))
}

func scrapSchema() *schema {
	return kindSchema(kindScrap, "A scrap order: scrap units at your FRD (EaW 9.0).",
		"Scrap units of one fleet at your FRD, or where your large repair freighter is, for "+orderPoints(ServiceCost)+" "+
			"(EaW 9.0, 9a): half their EBPV comes back to your treasury, to spend from next turn.",
		[]string{"fleet", "units"}, fleetField, unitsField("The units to scrap, by class."))
}

func inspectSchema() *schema {
	return kindSchema(kindInspect, "An inspect order: inspect captured units at your FRD (EaW 9b).",
		"Inspect every captured unit of a fleet at your FRD, or where your small repair freighter is, for "+
			orderPoints(ServiceCost)+" (EaW 9b, 9c, 25b): they are "+
			"restored to combat readiness and count toward the fleet's limits from then on.",
		[]string{"fleet"}, fleetField)
}

func selfRepairSchema() *schema {
	return kindSchema(kindSelfRepair, "A self_repair order: a fleet repairs itself (EaW 24.0).",
		"A fleet repairs damage with its own damage control, anywhere, for "+orderPoints(ServiceCost)+" (EaW 22b, 24.0). "+
			"The repair takes effect after the battles.",
		[]string{"fleet"}, fleetField)
}

func installSchema() *schema {
	return kindSchema(kindInstall, "An install order: install ground bases, DEFSATs or a CPL (EaW 14.0).",
		"Install ground bases, DEFSATs or a CPL that a fleet carries at the planet where it is, for "+orderPoints(ServiceCost)+" "+
			"for any number in one system (EaW 14.0). Installation is permanent.",
		[]string{"fleet", "units"}, fleetField, unitsField("The bases to install, by class."))
}

func siegeSchema(r *campaign.Rules) *schema {
	return kindSchema(kindSiege, "A siege order: try to break a fortification that traps the fleet (EaW 10c).",
		fmt.Sprintf("A fleet trapped by an enemy fortification rolls 2D6, for %s, once per turn from the turn after "+
			"the trap: on %d the fortification falls after the battles and the fleet is free next turn (EaW 10c).",
			orderPoints(r.Fortify.SiegeCost), r.Fortify.Siege),
		[]string{"fleet"}, fleetField)
}

func moveFRDSchema(r *campaign.Rules) *schema {
	tow := r.FRD.TowCost
	return kindSchema(kindMoveFRD, "A move_frd order: tow an FRD along warp lanes (EaW 15e).",
		fmt.Sprintf("Move one of your FRDs along warp lanes: %s per lane, %d with a salvage tug, %d with a military "+
			"tug (EaW 15e, 15f, 15g). Never a free jump. Its MON goes with it (EaW 17e).", orderPoints(tow[0]), tow[1], tow[2]),
		[]string{"at", "path"},
		prop{"at", nameSchema("The system your FRD stands in, e.g. drakkar.")},
		prop{"path", namesSchema("The systems to enter, in order, each one lane from the one before.", "A system ID, e.g. ferrum.")},
		prop{"tug", nameSchema("A fleet of yours at the FRD with a tug, which tows it and goes along, e.g. 4th.")})
}

func buildFRDSchema(r *campaign.Rules) *schema {
	return kindSchema(kindBuildFRD, "A build_frd order: build a new FRD (EaW 15a).",
		fmt.Sprintf("Build a new FRD for %s and %d BPV at a system where you have a developed mine or colony and "+
			"no enemy fleet stands (EaW 15a). It builds from next turn.", orderPoints(r.FRD.BuildCost), r.FRD.Price),
		[]string{"at"}, prop{"at", nameSchema("The system, e.g. ferrum.")})
}
