// What other folders use from mail-settings/ (decision 187); app.tsx loads the unsubscribe page lazily by its own file.
export { MailSettingsPanels } from './mail-settings-panels.tsx';
