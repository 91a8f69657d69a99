import { type RotaTemplate, templateRequest } from "@contracts/rota";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { ErrorAlert, problemOf } from "../../timesheets";
import { rotaCalls, templatesQuery, useRotaChange } from "../api";
import { ShiftTimeFields } from "./shift-time-fields";

type Form = { name: string; start: string; end: string; breakMinutes: string; role: string };

const EMPTY: Form = { name: "", start: "09:00", end: "17:00", breakMinutes: "30", role: "" };

const formOf = (template: RotaTemplate): Form => ({
  name: template.name,
  start: template.start_time,
  end: template.end_time,
  breakMinutes: String(template.break_minutes),
  role: template.role ?? "",
});

/** "Early 06:00–14:00, 30 min break, Barista". */
export const templateText = (template: RotaTemplate) =>
  [
    `${template.name} ${template.start_time}–${template.end_time}`,
    template.break_minutes > 0 ? `${template.break_minutes} min break` : "no break",
    template.role,
  ]
    .filter(Boolean)
    .join(", ");

/** The location's shift templates: listed, added, edited and deleted in one dialog. */
export function TemplatesDialog({ locationId, onClose }: { locationId: string; onClose: () => void }) {
  const templates = useQuery(templatesQuery(locationId)).data?.templates ?? [];
  const [editing, setEditing] = useState<RotaTemplate | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const save = useRotaChange(locationId, (body: Parameters<typeof rotaCalls.addTemplate>[1]) =>
    editing ? rotaCalls.saveTemplate(locationId, editing.id, body) : rotaCalls.addTemplate(locationId, body),
  );
  const remove = useRotaChange(locationId, (id: string) => rotaCalls.deleteTemplate(locationId, id));
  const busy = save.isPending || remove.isPending;
  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function startEdit(template: RotaTemplate | null) {
    setEditing(template);
    setForm(template ? formOf(template) : EMPTY);
    setError(null);
  }

  async function submit() {
    const parsed = templateRequest.safeParse({
      name: form.name,
      start_time: form.start,
      end_time: form.end,
      break_minutes: form.breakMinutes.trim() === "" ? 0 : Number(form.breakMinutes),
      role: form.role.trim() || null,
    });
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      return setError(detailOr(failure, "The template could not be saved."));
    }
    toast.success(editing ? "Template saved" : `Template “${parsed.data.name}” added`);
    startEdit(null);
  }

  async function deleteTemplate(template: RotaTemplate) {
    try {
      await remove.mutateAsync(template.id);
      toast.success(`Template “${template.name}” deleted`);
      if (editing?.id === template.id) startEdit(null);
    } catch (failure) {
      setError(detailOr(failure, "The template could not be deleted."));
    }
  }

  return (
    <Modal
      title="Shift templates"
      submitLabel={editing ? "Save template" : "Add template"}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="templates-dialog">
        {templates.length === 0 ? (
          <p className="muted small">
            No templates yet. A template fills a new shift's times, break and role.
          </p>
        ) : (
          <ul className="templates-dialog__list">
            {templates.map((template) => (
              <li key={template.id}>
                <span>{templateText(template)}</span>
                <span className="templates-dialog__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Edit template ${template.name}`}
                    disabled={busy}
                    onClick={() => startEdit(template)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Delete template ${template.name}`}
                    disabled={busy}
                    onClick={() => void deleteTemplate(template)}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="templates-dialog__heading">{editing ? `Edit “${editing.name}”` : "New template"}</h3>
        <Field
          label="Name"
          value={form.name}
          maxLength={40}
          placeholder="e.g. Early"
          disabled={busy}
          onChange={(e) => set("name")(e.target.value)}
        />
        <ShiftTimeFields form={form} busy={busy} set={set} />
        {editing && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => startEdit(null)}
          >
            New template instead
          </button>
        )}
        <ErrorAlert message={error} />
      </div>
    </Modal>
  );
}
