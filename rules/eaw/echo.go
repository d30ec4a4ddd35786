package eaw

import (
	"fmt"
	"strings"
)

// YAML writes the order as one line of flow-style YAML that Parse reads
// back as the same order: what confirmations echo and order templates
// offer. An empty Order is "{}".
func (o Order) YAML() string {
	switch {
	case o.Move != nil:
		return fmt.Sprintf("move: {fleet: %s, path: [%s]}", o.Move.Fleet, join(o.Move.Path))
	case o.Develop != nil:
		return fmt.Sprintf("develop: {fleet: %s, what: %s}", o.Develop.Fleet, o.Develop.What)
	case o.Build != nil:
		at := ""
		if o.Build.At != "" {
			at = fmt.Sprintf(", at: %s", o.Build.At)
		}
		return fmt.Sprintf("build: {units: [%s], fleet: %s, mp: %d%s}", join(o.Build.Units), o.Build.Fleet, o.Build.MP, at)
	case o.Resupply != nil:
		refit := ""
		if len(o.Resupply.Refit) > 0 {
			parts := make([]string, len(o.Resupply.Refit))
			for i, r := range o.Resupply.Refit {
				parts[i] = fmt.Sprintf("%s: %s", r.From, r.To)
			}
			refit = ", refit: {" + strings.Join(parts, ", ") + "}"
		}
		return fmt.Sprintf("resupply: {fleet: %s%s}", o.Resupply.Fleet, refit)
	case o.Transfer != nil:
		return fmt.Sprintf("transfer: {from: %s, to: %s, units: [%s]}", o.Transfer.From, o.Transfer.To, join(o.Transfer.Units))
	case o.Scrap != nil:
		return fmt.Sprintf("scrap: {fleet: %s, units: [%s]}", o.Scrap.Fleet, join(o.Scrap.Units))
	case o.Inspect != nil:
		return fmt.Sprintf("inspect: {fleet: %s}", o.Inspect.Fleet)
	case o.SelfRepair != nil:
		return fmt.Sprintf("self_repair: {fleet: %s}", o.SelfRepair.Fleet)
	case o.Install != nil:
		return fmt.Sprintf("install: {fleet: %s, units: [%s]}", o.Install.Fleet, join(o.Install.Units))
	case o.Siege != nil:
		return fmt.Sprintf("siege: {fleet: %s}", o.Siege.Fleet)
	case o.MoveFRD != nil:
		tug := ""
		if o.MoveFRD.Tug != "" {
			tug = fmt.Sprintf(", tug: %s", o.MoveFRD.Tug)
		}
		return fmt.Sprintf("move_frd: {at: %s, path: [%s]%s}", o.MoveFRD.At, join(o.MoveFRD.Path), tug)
	case o.BuildFRD != nil:
		return fmt.Sprintf("build_frd: {at: %s}", o.BuildFRD.At)
	}
	return "{}"
}

// join writes IDs as a flow list's items: "kessel, vega".
func join[T ~string](ids []T) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return strings.Join(parts, ", ")
}
