import type { Config } from '../../config';
import type { MailContext } from './templates';

export function mailContext(config: Config): MailContext {
  return {
    publicUrl: config.publicUrl,
    companyName: config.company.name,
    contactEmail: config.company.contactEmail,
  };
}
