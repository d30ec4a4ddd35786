package moderator

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/pbemd/pbemd/workflow"
)

// maskingHandler masks tokens (report.MaskTokens) in every log line the
// moderator writes: in its message and in every attribute. What a mail
// said reaches the logs in places (why it was rejected, its sender), and a
// token written there, where it does not belong, must not.
type maskingHandler struct{ slog.Handler }

func (h maskingHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, workflow.MaskString(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(maskAttr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h maskingHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	masked := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		masked[i] = maskAttr(a)
	}
	return maskingHandler{h.Handler.WithAttrs(masked)}
}

func (h maskingHandler) WithGroup(name string) slog.Handler {
	return maskingHandler{h.Handler.WithGroup(name)}
}

func maskAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, workflow.MaskString(v.String()))
	case slog.KindGroup:
		group := v.Group()
		masked := make([]slog.Attr, len(group))
		for i, g := range group {
			masked[i] = maskAttr(g)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(masked...)}
	case slog.KindAny:
		// An error or a value printed with fmt: mask what it prints.
		s := fmt.Sprint(v.Any())
		if m := workflow.MaskString(s); m != s {
			return slog.String(a.Key, m)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
