import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCELLATION_POLICY_LABELS,
  CancellationPolicy,
  EDUCATION_LABELS,
  Education,
  MEETING_FORMAT_LABELS,
  MeetingFormat,
  MSG,
  PROVIDER_TITLE_LABELS,
  ProviderTitle,
  providerProfileFormSchema,
  wordsRemaining,
  wordsRemainingText,
  type User,
} from '@samtalsmatch/contracts';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { EmailField } from '@/components/form/email-field';
import { TextArea } from '@/components/form/text-area';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useUpdateProviderProfile } from '../api/update-provider-profile';
import { ProfileImagePicker } from './profile-image-picker';
import { PROFILES_TEXTS } from '../texts';

type FormInput = z.input<typeof providerProfileFormSchema>;
type FormOutput = z.output<typeof providerProfileFormSchema>;

const TITLE_OPTIONS = ProviderTitle.map((value) => ({
  value,
  label: PROVIDER_TITLE_LABELS[value],
}));
const EDUCATION_OPTIONS = Education.map((value) => ({ value, label: EDUCATION_LABELS[value] }));
const MEETING_FORMAT_OPTIONS = MeetingFormat.map((value) => ({
  value,
  label: MEETING_FORMAT_LABELS[value],
}));
const POLICY_OPTIONS = CancellationPolicy.map((value) => ({
  value,
  label: CANCELLATION_POLICY_LABELS[value],
}));

/** The form's starting values: what the user has saved, the 24-hour policy by default. */
export function profileDefaults(user: User): Partial<FormInput> {
  const profile = user.profile;
  return {
    name: user.name,
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    street: user.address?.street ?? '',
    city: user.address?.city ?? '',
    zip: user.address?.zip ?? '',
    title: profile?.title ?? [],
    description: profile?.description ?? '',
    education: profile?.education ?? [],
    ...(profile?.price ? { price: profile.price } : {}),
    ...(profile?.sessionDuration ? { sessionDuration: profile.sessionDuration } : {}),
    personalAttributes: profile?.personalAttributes ?? '',
    cancellationPolicy: profile?.cancellationPolicy ?? 'TWENTY_FOUR_HOURS',
    ...(profile?.meetingFormat ? { meetingFormat: profile.meetingFormat } : {}),
    profileImageUrl: profile?.profileImageUrl ?? '',
  };
}

const numberField = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
};

/**
 * The provider profile form (docs/rules/accounts.md#provider-profile). The name comes from BankID and cannot be
 * changed. A failed save keeps everything typed; a 409 marks the e-mail.
 */
export function ProviderProfileForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(providerProfileFormSchema),
    mode: 'onTouched',
    defaultValues: profileDefaults(user),
  });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const save = useUpdateProviderProfile();

  const onSubmit = handleSubmit(async ({ profileImageUrl: _image, ...payload }) => {
    try {
      await save.mutateAsync(payload);
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        setError('email', { message: MSG.emailTaken }, { shouldFocus: true });
        return;
      }
      handleApiError(error);
      if (error instanceof ApiRequestError && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (message && field in providerProfileFormSchema.shape) {
            setError(field as FieldPath<FormInput>, { message });
          }
        }
      }
    }
  });

  const hasErrors = Object.keys(errors).length > 0;
  const remaining = wordsRemaining(description);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={PROFILES_TEXTS.form}>
      {hasErrors ? <Alert tone="error">{MSG.formHasErrors}</Alert> : null}

      <ProfileImagePicker
        initialUrl={user.profile?.profileImageSignedUrl ?? null}
        error={errors.profileImageUrl?.message}
        onUploaded={(result) =>
          setValue('profileImageUrl', result.profileImageUrl, {
            shouldValidate: true,
            shouldDirty: true,
          })
        }
      />

      <section className="space-y-4">
        <h2 className="type-subheading text-stone-900">{PROFILES_TEXTS.contactTitle}</h2>
        <TextField
          label={PROFILES_TEXTS.name}
          value={user.name}
          disabled
          readOnly
          hint={PROFILES_TEXTS.nameHint}
          error={errors.name?.message}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={PROFILES_TEXTS.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={PROFILES_TEXTS.phoneHint}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField
          label={PROFILES_TEXTS.street}
          autoComplete="street-address"
          error={errors.street?.message}
          {...register('street')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={PROFILES_TEXTS.zip}
            autoComplete="postal-code"
            inputMode="numeric"
            error={errors.zip?.message}
            {...register('zip')}
          />
          <TextField
            label={PROFILES_TEXTS.city}
            autoComplete="address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
        </div>
      </section>

      <section className="space-y-5">
        <h2 className="type-subheading text-stone-900">{PROFILES_TEXTS.practiceTitle}</h2>
        <Controller
          control={control}
          name="title"
          render={({ field }) => (
            <ChoiceGroup
              legend={PROFILES_TEXTS.title}
              type="checkbox"
              name={field.name}
              options={TITLE_OPTIONS}
              value={field.value as ProviderTitle[] | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.title?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="education"
          render={({ field }) => (
            <ChoiceGroup
              legend={PROFILES_TEXTS.education}
              type="checkbox"
              name={field.name}
              options={EDUCATION_OPTIONS}
              value={field.value as Education[] | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.education?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="meetingFormat"
          render={({ field }) => (
            <ChoiceGroup
              legend={PROFILES_TEXTS.meetingFormat}
              hint={PROFILES_TEXTS.meetingFormatHint}
              type="radio"
              name={field.name}
              options={MEETING_FORMAT_OPTIONS}
              value={field.value as MeetingFormat | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.meetingFormat?.message}
            />
          )}
        />
        <TextArea
          label={PROFILES_TEXTS.description}
          rows={10}
          error={errors.description?.message}
          hint={
            <span aria-live="polite">
              {remaining > 0 ? wordsRemainingText(remaining) : PROFILES_TEXTS.descriptionFull}
            </span>
          }
          {...register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={PROFILES_TEXTS.price}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.price?.message}
            {...register('price', numberField)}
          />
          <TextField
            label={PROFILES_TEXTS.sessionDuration}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.sessionDuration?.message}
            {...register('sessionDuration', numberField)}
          />
        </div>
        <TextField
          label={PROFILES_TEXTS.personalAttributes}
          hint={PROFILES_TEXTS.personalAttributesHint}
          error={errors.personalAttributes?.message}
          {...register('personalAttributes')}
        />
        <Controller
          control={control}
          name="cancellationPolicy"
          render={({ field }) => (
            <ChoiceGroup
              legend={PROFILES_TEXTS.cancellationPolicy}
              hint={PROFILES_TEXTS.cancellationPolicyHint}
              type="radio"
              name={field.name}
              options={POLICY_OPTIONS}
              value={field.value as CancellationPolicy | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.cancellationPolicy?.message}
            />
          )}
        />
      </section>

      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? PROFILES_TEXTS.saving : PROFILES_TEXTS.save}
      </Button>
    </form>
  );
}
