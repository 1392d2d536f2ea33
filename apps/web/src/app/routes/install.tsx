export { InstallPage as Component } from '@/features/install/components/install-page';
