import { msg } from "@lingui/core/macro";
import { useFetcher } from "react-router";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { intlLocale } from "~/lib/locales";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProfileActionResult } from "../profile-action.server";
import {
  PROFILE_LIMITS,
  profileDetailsSchema,
  SOCIAL_NETWORKS,
  socialDisplay,
  type ProfileDetailsField,
} from "../profile-form";
import type { OwnProfile } from "../profile.server";
import { useProfileErrorText } from "../profile-texts";

const validate = (formData: FormData) =>
  parseForm(profileDetailsSchema, formData);

/**
 * The profile form of /profile (docs/product.md#profile): name, bio, website, location
 * and six social handles. Saved, it shows 'Profile updated successfully!' and the stored
 * (normalised) values.
 */
export function ProfileDetailsForm({ profile }: { profile: OwnProfile }) {
  const _ = useTranslate();
  const locale = intlLocale(useLocale());
  const errorText = useProfileErrorText();
  const fetcher = useFetcher<ProfileActionResult>({ key: "profile-details" });
  const hydrated = useHydrated();
  const result =
    fetcher.data && !fetcher.data.ok && fetcher.data.intent === "profile"
      ? fetcher.data
      : null;
  const { formRef, errors, onSubmit, clearError } =
    useFormErrors<ProfileDetailsField>({
      validate,
      serverErrors: result?.fieldErrors,
    });
  // A saved form starts again from the stored values.
  const version = JSON.stringify(profile);
  const text = (field: ProfileDetailsField) => ({
    name: field,
    onChange: () => clearError(field),
  });

  return (
    <Card>
      <section aria-labelledby="profile-details-heading">
        <h2
          id="profile-details-heading"
          className="text-xl font-semibold text-slate-900"
        >
          {_(msg`Profile details`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {_(msg`Shown on your public host page and in your host profile.`)}
        </p>
        <fetcher.Form
          key={version}
          ref={formRef}
          method="post"
          action="/profile"
          noValidate
          onSubmit={onSubmit}
          className="mt-5 space-y-5"
        >
          <input type="hidden" name="intent" value="profile" />
          {result?.formError && <Alert tone="error">{_(result.formError)}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={_(msg`Full name`)} error={errorText(errors.fullName)}>
              <Input
                {...text("fullName")}
                defaultValue={profile.fullName ?? ""}
                maxLength={PROFILE_LIMITS.fullName}
                autoComplete="name"
              />
            </Field>
            <Field label={_(msg`Location`)} error={errorText(errors.location)}>
              <Input
                {...text("location")}
                defaultValue={profile.location ?? ""}
                maxLength={PROFILE_LIMITS.location}
                placeholder="Tampa, FL"
              />
            </Field>
          </div>
          <Field
            label={_(msg`Bio`)}
            error={errorText(errors.bio)}
            hint={_(msg`Up to ${PROFILE_LIMITS.bio.toLocaleString(locale)} characters.`)}
          >
            <Textarea
              {...text("bio")}
              defaultValue={profile.bio ?? ""}
              rows={5}
            />
          </Field>
          <Field label={_(msg`Website`)} error={errorText(errors.website)}>
            <Input
              {...text("website")}
              type="url"
              inputMode="url"
              defaultValue={profile.website ?? ""}
              placeholder="https://example.com"
            />
          </Field>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">
              {_(msg`Social profiles`)}
            </legend>
            <p className="text-xs text-slate-600">
              {_(msg`A handle such as @name, or a link to your profile.`)}
            </p>
            <div className="mt-3 grid gap-5 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => {
                const stored = profile[network.field];
                return (
                  <Field
                    key={network.field}
                    label={network.label}
                    error={errorText(errors[network.field])}
                  >
                    <Input
                      {...text(network.field)}
                      defaultValue={
                        stored ? socialDisplay(network.field, stored) : ""
                      }
                      placeholder="@name"
                      autoCapitalize="none"
                      spellCheck={false}
                    />
                  </Field>
                );
              })}
            </div>
          </fieldset>
          <Button
            type="submit"
            disabled={!hydrated}
            pending={fetcher.state !== "idle"}
            pendingText={_(msg`Saving…`)}
          >
            {_(msg`Save profile`)}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}
