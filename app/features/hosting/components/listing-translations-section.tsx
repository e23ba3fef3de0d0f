import { msg } from "@lingui/core/macro";
import { useFetcher } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { LANGUAGE_NAMES, textDirection } from "~/lib/locales";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { LIMITS } from "../listing-form";
import {
  type ListingTranslation,
  saveTranslationSchema,
  TRANSLATION_LOCALES,
  type TranslationField,
  type TranslationLocale,
} from "../listing-translation-form";
import type { TranslationActionResult } from "../listing-translations.server";

/** The browser's check before a submit; the server runs the same schema (the one form pipeline, ADR 0060). */
const validate = (formData: FormData) => parseForm(saveTranslationSchema, formData);

const NEW_KEY = "listing-translation-new";
const REMOVE_KEY = "listing-translation-remove";

/**
 * The listing editor's 'Translations' (issue #31 point 5, ADR 0295): the host's title and
 * description in other languages, optional, one per language. Guests reading Rentwell in a
 * language see its translation, with 'Show original'. Each language saves on its own.
 */
export function ListingTranslationsSection({ spaceId, translations }: { spaceId: string; translations: ListingTranslation[] }) {
  const _ = useTranslate();
  const action = `/edit-listing/${spaceId}/translations`;
  const remover = useFetcher<TranslationActionResult>({ key: REMOVE_KEY });
  // The new form's answer, read here: the new form is replaced once a language is added, and
  // a fetcher whose last reader unmounts is dropped with its answer (React Router).
  const added = useFetcher<TranslationActionResult>({ key: NEW_KEY }).data;
  const removed = remover.state === "idle" ? remover.data : undefined;
  const missing = TRANSLATION_LOCALES.filter((locale) => !translations.some((translation) => translation.locale === locale));
  return (
    <Card className="mt-10" data-testid="listing-translations">
      <section aria-labelledby="translations-heading" className="space-y-5">
        <div>
          <h2 id="translations-heading" className="text-xl font-semibold text-slate-900">
            {_(msg`Translations`)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {_(msg`Optional. Write your title and description in other languages: guests who read Rentwell in one of them see your translation, and can still show your original text.`)}
          </p>
        </div>
        <div role="status">
          {removed && <Alert tone={removed.ok ? "success" : "error"}>{_(removed.ok ? removed.message : (removed.formError ?? removed.fieldErrors.locale ?? ""))}</Alert>}
        </div>
        {translations.length === 0 ? (
          <p className="text-sm text-slate-600">{_(msg`No translations yet.`)}</p>
        ) : (
          <ul className="space-y-6">
            {translations.map((translation) => (
              <li key={translation.locale}>
                <TranslationForm action={action} translation={translation} added={added} onRemove={() => remover.submit({ intent: "remove", locale: translation.locale }, { method: "post", action })} removing={remover.state !== "idle" && remover.formData?.get("locale") === translation.locale} />
              </li>
            ))}
          </ul>
        )}
        {missing.length > 0 && (
          // A new form once a language is added, so the next one starts empty.
          <TranslationForm key={translations.map((translation) => translation.locale).join()} action={action} languages={missing} />
        )}
      </section>
    </Card>
  );
}

type FormProps = { action: string } & (
  | { translation: ListingTranslation; added: TranslationActionResult | undefined; onRemove: () => void; removing: boolean; languages?: never }
  | { languages: readonly TranslationLocale[]; translation?: never; added?: never; onRemove?: never; removing?: never }
);

/** One language's title and description: a saved translation (Save, Remove) or a new one (a language to choose). */
function TranslationForm({ action, translation, languages, added, onRemove, removing }: FormProps) {
  const _ = useTranslate();
  const hydrated = useHydrated();
  const fetcher = useFetcher<TranslationActionResult>({ key: translation ? `listing-translation-${translation.locale}` : NEW_KEY });
  // A translation just added by the new form says so in its own place (`added`).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok ? answer : null;
  const saved = !translation ? null : answer?.ok ? answer : !answer && added?.ok && added.locale === translation.locale ? added : null;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<TranslationField>({ validate, serverErrors: failed?.fieldErrors });
  const locale = translation?.locale;
  const textProps = locale ? { lang: locale, dir: textDirection(locale) } : { dir: "auto" as const };
  const formError = failed?.formError;
  const headingId = `translation-${locale ?? "new"}-heading`;
  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 p-4" aria-labelledby={headingId}>
      <input type="hidden" name="intent" value="save" />
      <h3 id={headingId} className="font-semibold text-slate-900">
        {translation ? LANGUAGE_NAMES[translation.locale] : _(msg`Add a translation`)}
      </h3>
      {formError && <Alert tone="error">{_(formError)}</Alert>}
      {saved && !failed && <Alert tone="success">{_(saved.message)}</Alert>}
      {translation ? (
        <input type="hidden" name="locale" value={translation.locale} />
      ) : (
        <Field label={_(msg`Language`)} error={errors.locale ? _(errors.locale) : undefined} required>
          <Select name="locale" defaultValue={languages[0]} onChange={() => clearError("locale")}>
            {languages.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={_(msg`Title`)} error={errors.title ? _(errors.title) : undefined} required>
        <Input name="title" maxLength={LIMITS.title} defaultValue={translation?.title} onChange={() => clearError("title")} {...textProps} />
      </Field>
      <Field label={_(msg`Description`)} error={errors.description ? _(errors.description) : undefined} required>
        <Textarea name="description" maxLength={LIMITS.description} defaultValue={translation?.description} onChange={() => clearError("description")} {...textProps} />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="md" disabled={!hydrated} pending={fetcher.state !== "idle"} pendingText={_(msg`Saving…`)}>
          {translation ? _(msg`Save translation`) : _(msg`Add translation`)}
        </Button>
        {translation && (
          <Button variant="secondary" size="md" disabled={!hydrated} pending={removing} pendingText={_(msg`Removing…`)} onClick={onRemove}>
            {_(msg`Remove translation`)}
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}
