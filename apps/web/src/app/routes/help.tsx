export { HelpPage as Component } from '@/features/help/components/help-page';
