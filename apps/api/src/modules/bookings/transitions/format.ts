import {
  MSG,
  resolveSessionFormat,
  type MeetingFormat,
  type SessionFormat,
} from '@samtalsmatch/contracts';
import { AppError } from '../../../lib/errors';

/**
 * A new booking's meeting format (docs/rules/video.md#a-meeting-format-per-booking),
 * or the error: 400 when the therapist offers both and none was chosen, 422
 * when the choice is one the therapist does not offer.
 */
export function sessionFormatOrThrow(
  offered: MeetingFormat | null | undefined,
  requested: SessionFormat | null | undefined,
): SessionFormat {
  const choice = resolveSessionFormat(offered, requested);
  if (choice.ok) return choice.format;
  if (choice.reason === 'REQUIRED') {
    throw new AppError('VALIDATION', {
      message: MSG.meetingFormatRequired,
      fieldErrors: { meetingFormat: [MSG.meetingFormatRequired] },
    });
  }
  throw new AppError('MEETING_FORMAT_NOT_OFFERED');
}
