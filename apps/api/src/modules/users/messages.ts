/** Swedish texts the users API answers with (ours, in Swedish like every message). */
export const USERS_MSG = {
  emailChangeRequested:
    'Vi har skickat en bekräftelselänk till den nya e-postadressen. Adressen byts när du har öppnat länken.',
} as const;
